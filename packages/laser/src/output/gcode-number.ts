/**
 * Numbers as Kerf's G-code writes them: rounded to 0.001, at most three decimals, trailing zeros
 * trimmed, no exponent and no "-0". Written as ASCII straight into a byte buffer, so the vector and
 * raster writers share one formatter and never build a string per coordinate.
 */

const DIGITS = new Uint8Array(24);

/** Writes `v` with at most 3 decimals, trailing zeros trimmed, as ASCII into `buf` at `p`; returns the end. */
export function writeGcodeNumber(buf: Uint8Array, p: number, v: number): number {
  let r = Math.round(v * 1000);
  if (r < 0) {
    buf[p++] = 45; // '-'
    r = -r;
  }
  let int = Math.floor(r / 1000);
  let frac = r - int * 1000;
  let n = 0;
  do {
    DIGITS[n++] = 48 + (int % 10);
    int = Math.floor(int / 10);
  } while (int > 0);
  while (n > 0) buf[p++] = DIGITS[--n]!;
  if (frac > 0) {
    buf[p++] = 46; // '.'
    let digits = 3;
    while (frac % 10 === 0) {
      frac /= 10;
      digits--;
    }
    for (let i = digits - 1; i >= 0; i--) {
      buf[p + i] = 48 + (frac % 10);
      frac = Math.floor(frac / 10);
    }
    p += digits;
  }
  return p;
}

/** `v` as the G-code writes it (for headers, messages and tests). */
export function formatGcodeNumber(v: number): string {
  const buf = new Uint8Array(40);
  const end = writeGcodeNumber(buf, 0, v);
  return String.fromCharCode(...buf.subarray(0, end));
}
