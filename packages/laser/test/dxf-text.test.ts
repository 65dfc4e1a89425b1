import { describe, expect, it } from 'vitest';
import { plainMText, plainText } from '../src/import/dxf/index.js';

/** The text both CAD readers share (the DWG converter uses the same functions). */

describe('MTEXT formatting codes', () => {
  it('turns paragraph breaks into new lines and drops groups and font, height and colour codes', () => {
    expect(plainMText('{\\fArial|b1|i0|c0|p34;Bold}\\PLine {\\H2.5x;\\C1;two}')).toBe('Bold\nLine two');
    expect(plainMText('\\A1;\\W0.8;\\T1.1;\\Q15;wide\\~gap')).toBe('wide\u00a0gap');
  });

  it('keeps escaped braces and backslashes, and decodes \\U+ characters', () => {
    expect(plainMText('a\\{b\\}c\\\\d')).toBe('a{b}c\\d');
    expect(plainMText('\\U+00B0C and \\U+4E2D')).toBe('\u00b0C and \u4e2d');
  });

  it('writes stacked fractions flat and drops underline and overline switches', () => {
    expect(plainMText('1\\S1/2; and \\S3^4; \\S5#8;')).toBe('11/2 and 3/4 5/8');
    expect(plainMText('\\Lunder\\l \\Oover\\o \\Kstrike\\k')).toBe('under over strike');
  });

  it('survives a code cut off at the end of the text', () => {
    expect(plainMText('text\\fArial')).toBe('text');
    expect(plainMText('end\\')).toBe('end\\');
  });
});

describe('%% control codes', () => {
  it('replaces degree, plus-minus, diameter, percent and character codes', () => {
    expect(plainText('45%%d %%p0.1 %%c20 100%%% %%065')).toBe('45\u00b0 \u00b10.1 \u230020 100% A');
    expect(plainText('%%uunderlined%%u')).toBe('underlined');
  });
});
