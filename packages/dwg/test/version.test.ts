import { FormatError } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { dwgVersionStamp } from '../src/convert.js';

const bytes = (s: string) => new TextEncoder().encode(s);

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
