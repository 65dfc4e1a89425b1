/** A piece of a name, marked when it is part of a search match. */
export interface NamePart {
  text: string;
  marked: boolean;
}

/**
 * Cuts a name into plain and marked parts by [start, end) character ranges from the server, so the
 * page marks them with <mark> and never renders a name as HTML. Overlapping, unordered or
 * out-of-range ranges are merged and clipped.
 */
export function highlightParts(name: string, ranges: ReadonlyArray<readonly [number, number]> | undefined): NamePart[] {
  const chars = Array.from(name);
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const [start, end] of ranges ?? []) {
    for (let i = Math.max(0, start); i < Math.min(chars.length, end); i++) marked[i] = true;
  }
  const parts: NamePart[] = [];
  chars.forEach((char, i) => {
    const last = parts.at(-1);
    if (last && last.marked === marked[i]) last.text += char;
    else parts.push({ text: char, marked: marked[i] ?? false });
  });
  return parts;
}
