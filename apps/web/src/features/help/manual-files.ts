import type { Locale } from '@kerf/contract';
import shotSizes from './manual-shot-sizes.json';
import { type ManualChapter, parseChapter } from './model/manual-chapter';

/** The chapter files, bundled with the help page: `manual/<language>/<NN-slug>.md`. */
const FILES = import.meta.glob<string>('./manual/*/*.md', { query: '?raw', import: 'default', eager: true });

function chaptersOf(locale: Locale): ManualChapter[] {
  return Object.entries(FILES)
    .flatMap(([path, text]) => {
      const match = /^\.\/manual\/([^/]+)\/([^/]+)\.md$/.exec(path);
      return match && match[1] === locale ? [parseChapter(match[2]!, text)] : [];
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

/** The manual in each language, chapters in the order of their numbers. */
export const MANUAL: Record<Locale, ManualChapter[]> = { 'zh-CN': chaptersOf('zh-CN'), en: chaptersOf('en') };

/** Where a manual picture (`![…](shot:NAME)`) of a language is served: taken by the end-to-end suite. */
export function manualShotUrl(name: string, locale: Locale): string {
  return `${import.meta.env.BASE_URL}manual-shots/${name}.${locale}.webp`;
}

/** A manual picture's width and height, written by `npm run manual:shots` beside the pictures. */
export function manualShotSize(name: string, locale: Locale): readonly [number, number] | undefined {
  const size = (shotSizes as Record<string, number[]>)[`${name}.${locale}`];
  return size ? [size[0]!, size[1]!] : undefined;
}
