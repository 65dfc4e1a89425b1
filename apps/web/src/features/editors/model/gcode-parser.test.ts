import { StringStream } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { gcodeParser } from './gcode-parser';

/** The tokens of some lines as [text, style] pairs, blanks left out. */
function tokens(...lines: string[]): Array<[string, string | null]> {
  const state = gcodeParser.startState!(4);
  const out: Array<[string, string | null]> = [];
  for (const line of lines) {
    const stream = new StringStream(line, 4, 4);
    while (!stream.eol()) {
      const style = gcodeParser.token(stream, state);
      const text = line.slice(stream.start, stream.pos);
      if (text.trim()) out.push([text, style]);
      stream.start = stream.pos;
    }
  }
  return out;
}

describe('the G-code highlighter', () => {
  it('tells motion, machine, tool and line-number words from axis letters and their values', () => {
    expect(tokens('N10 G01 X12.5 Y-3 F1500 S800 M3 T2')).toEqual([
      ['N10', 'meta'],
      ['G01', 'keyword'],
      ['X', 'propertyName'],
      ['12.5', 'number'],
      ['Y', 'propertyName'],
      ['-3', 'number'],
      ['F', 'propertyName'],
      ['1500', 'number'],
      ['S', 'propertyName'],
      ['800', 'number'],
      ['M3', 'builtin'],
      ['T2', 'atom'],
    ]);
  });

  it('reads lower case and words written without spaces', () => {
    expect(tokens('g0x1y.5')).toEqual([
      ['g0', 'keyword'],
      ['x', 'propertyName'],
      ['1', 'number'],
      ['y', 'propertyName'],
      ['.5', 'number'],
    ]);
  });

  it('knows both kinds of comment, the program mark, variables and expressions', () => {
    expect(tokens('% ; laser job', 'G0 (rapid) X0', '(open', 'still comment) M5', '#100=[#101*2]')).toEqual([
      ['%', 'meta'],
      ['; laser job', 'comment'],
      ['G0', 'keyword'],
      ['(rapid)', 'comment'],
      ['X', 'propertyName'],
      ['0', 'number'],
      ['(open', 'comment'],
      ['still comment)', 'comment'],
      ['M5', 'builtin'],
      ['#100', 'variableName'],
      ['=', 'operator'],
      ['[', 'bracket'],
      ['#101', 'variableName'],
      ['*', 'operator'],
      ['2', 'number'],
      [']', 'bracket'],
    ]);
  });
});
