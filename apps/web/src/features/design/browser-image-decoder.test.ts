import { describe, expect, it } from 'vitest';
import { jpegOrientation } from './browser-image-decoder.js';

/** A JPEG start with an APP1 Exif segment holding one IFD0 entry: Orientation = `value`. */
function jpegWithOrientation(value: number, little: boolean): Uint8Array {
  const tiff = new Uint8Array(8 + 2 + 12 + 4);
  const t = new DataView(tiff.buffer);
  t.setUint16(0, little ? 0x4949 : 0x4d4d);
  t.setUint16(2, 42, little);
  t.setUint32(4, 8, little); // IFD0 right after the header
  t.setUint16(8, 1, little); // one entry
  t.setUint16(10, 0x0112, little); // Orientation
  t.setUint16(12, 3, little); // SHORT
  t.setUint32(14, 1, little);
  t.setUint16(18, value, little);
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = exif.length + 2;
  // SOI, an APP0 to skip, the APP1, then the start of scan.
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    4,
    0,
    0,
    0xff,
    0xe1,
    length >> 8,
    length & 255,
    ...exif,
    0xff,
    0xda,
    0,
    2,
  ]);
}

describe('jpegOrientation', () => {
  it('reads the EXIF Orientation tag in either byte order', () => {
    for (const value of [1, 3, 6, 8]) {
      expect(jpegOrientation(jpegWithOrientation(value, true))).toBe(value);
      expect(jpegOrientation(jpegWithOrientation(value, false))).toBe(value);
    }
  });

  it('is 1 without EXIF data and on truncated files', () => {
    expect(jpegOrientation(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
    expect(jpegOrientation(jpegWithOrientation(6, true).subarray(0, 20))).toBe(1);
  });
});
