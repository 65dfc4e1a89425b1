import latinCss from '@fontsource/noto-sans/400.css?raw';
import chineseCss from '@fontsource/noto-sans-sc/400.css?raw';
import { FontBook } from '@kerf/laser';
import type { FontSource } from '../model/actions/text-actions';
import { parseFontSubsets, subsetsFor } from '../model/text/font-subsets';

/**
 * The editor's text fonts, served by Kerf (open licence, SIL OFL): Noto Sans for Latin and Noto Sans SC
 * for Chinese, each split into the slices of its web-font package. Only the slices a text needs are
 * fetched, once per page.
 */
const FILES = {
  ...import.meta.glob('../../../../../../node_modules/@fontsource/noto-sans/files/*-400-normal.woff', {
    query: '?url',
    import: 'default',
  }),
  ...import.meta.glob('../../../../../../node_modules/@fontsource/noto-sans-sc/files/*-400-normal.woff', {
    query: '?url',
    import: 'default',
  }),
} as Record<string, () => Promise<string>>;

const FAMILIES = [
  { family: 'Noto Sans', subsets: parseFontSubsets(latinCss) },
  { family: 'Noto Sans SC', subsets: parseFontSubsets(chineseCss) },
];

const book = new FontBook();
const loading = new Map<string, Promise<void>>();

function urlOf(file: string): (() => Promise<string>) | undefined {
  const name = file.replace(/^\.\/files\//, '/files/');
  const key = Object.keys(FILES).find((k) => k.endsWith(name));
  return key ? FILES[key] : undefined;
}

async function load(file: string, family: string): Promise<void> {
  const url = urlOf(file);
  if (!url) return;
  const response = await fetch(await url());
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  book.add(new Uint8Array(await response.arrayBuffer()), { family, weight: 400, style: 'normal' });
}

/** The book holding every character of `text` (as far as the fonts have them). */
export const pageFonts: FontSource = async (text) => {
  const waits: Promise<void>[] = [];
  for (const { family, subsets } of FAMILIES) {
    for (const subset of subsetsFor(text, subsets)) {
      let pending = loading.get(subset.file);
      if (!pending) {
        pending = load(subset.file, family);
        loading.set(subset.file, pending);
        // a failed fetch may be tried again with the next text
        pending.catch(() => loading.delete(subset.file));
      }
      waits.push(pending);
    }
  }
  await Promise.all(waits);
  return book;
};
