/**
 * Web fonts come split by script (the Latin letters, then about a hundred slices of Chinese), each file
 * with the Unicode ranges it covers, as the font's CSS says. Text needs only the files of its own
 * characters: a line of Latin loads one small file, a Chinese name two or three more.
 */
export interface FontSubset {
  /** The file as the CSS names it (`./files/….woff`). */
  file: string;
  ranges: readonly (readonly [number, number])[];
}

/** The WOFF file and unicode-range of each @font-face in a stylesheet. */
export function parseFontSubsets(css: string): FontSubset[] {
  const out: FontSubset[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(([^)]+\.woff)\)\s*format\(['"]woff['"]\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file) continue;
    const ranges = (range ?? 'U+0-10FFFF').split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(from!, 16);
      return [start, to === undefined ? start : Number.parseInt(to, 16)];
    });
    out.push({ file: file.replace(/^['"]|['"]$/g, ''), ranges });
  }
  return out;
}

/** The subsets that hold the characters of `text` (each once, in the stylesheet's order). */
export function subsetsFor(text: string, subsets: readonly FontSubset[]): FontSubset[] {
  const needed = new Set<FontSubset>();
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0x20) continue;
    const subset = subsets.find((s) => s.ranges.some(([a, b]) => code >= a && code <= b));
    if (subset) needed.add(subset);
  }
  return subsets.filter((s) => needed.has(s));
}
