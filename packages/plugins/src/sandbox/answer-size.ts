/**
 * Whether a text's UTF-8 encoding passes `maxBytes`, found without encoding it: the count stops as soon
 * as the limit is passed, and a text whose length alone decides it is not walked at all (a UTF-16 unit
 * takes one to three bytes; a surrogate pair, four).
 */
export function utf8Exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
    if (bytes > maxBytes) return true;
  }
  return false;
}
