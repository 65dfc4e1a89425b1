import { FormatError } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { dwgVersionStamp } from '../src/convert.js';
import { decodePercentCodes, stripMText } from '../src/text.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('MTEXT formatting codes', () => {
  it('turns paragraph breaks into new lines and drops groups and font, height and colour codes', () => {
    expect(stripMText('{\\fArial|b1|i0|c0|p34;Bold}\\PLine {\\H2.5x;\\C1;two}')).toBe('Bold\nLine two');
    expect(stripMText('\\A1;\\W0.8;\\T1.1;\\Q15;wide\\~gap')).toBe('wide\u00a0gap');
  });

  it('keeps escaped braces and backslashes, and decodes \\U+ characters', () => {
    expect(stripMText('a\\{b\\}c\\\\d')).toBe('a{b}c\\d');
    expect(stripMText('\\U+00B0C and \\U+4E2D')).toBe('\u00b0C and \u4e2d');
  });

  it('writes stacked fractions flat and drops underline and overline switches', () => {
    expect(stripMText('1\\S1/2; and \\S3^4; \\S5#8;')).toBe('11/2 and 3/4 5/8');
    expect(stripMText('\\Lunder\\l \\Oover\\o \\Kstrike\\k')).toBe('under over strike');
  });

  it('survives a code cut off at the end of the text', () => {
    expect(stripMText('text\\fArial')).toBe('text');
    expect(stripMText('end\\')).toBe('end\\');
  });
});

describe('%% control codes', () => {
  it('replaces degree, plus-minus, diameter, percent and character codes', () => {
    expect(decodePercentCodes('45%%d %%p0.1 %%c20 100%%% %%065')).toBe('45\u00b0 \u00b10.1 \u230020 100% A');
    expect(decodePercentCodes('%%uunderlined%%u')).toBe('underlined');
  });
});

describe('DWG version stamp', () => {
  it('accepts AutoCAD stamps from R2.10 to 2018', () => {
    expect(dwgVersionStamp(bytes('AC1032\0\0\0'))).toBe('AC1032');
    expect(dwgVersionStamp(bytes('AC2.10\0'))).toBe('AC2.10');
    expect(dwgVersionStamp(bytes('AC1009xyz'))).toBe('AC1009');
  });

  it('refuses empty input, DXF text and other files with a FormatError naming dwg', () => {
    const reasons: string[] = [];
    for (const input of ['', '  0\r\nSECTION\r\n', 'AutoCAD Binary DXF\r\n', '%PDF-1.4', 'AC']) {
      try {
        dwgVersionStamp(bytes(input));
        reasons.push('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).format).toBe('dwg');
        reasons.push((error as FormatError).reason);
      }
    }
    expect(reasons).toEqual([
      'the file is empty',
      'this is a DXF file, not a DWG file',
      'this is a DXF file, not a DWG file',
      'not a DWG file (it does not start with an AutoCAD version stamp)',
      'not a DWG file (it does not start with an AutoCAD version stamp)',
    ]);
  });
});
