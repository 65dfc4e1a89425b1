import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locale } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { MANUAL, manualShotSize } from './manual-files';
import shotSources from './manual-shots.json';
import type { ManualChapter } from './model/manual-chapter';

const WEB = resolve(import.meta.dirname, '../../..');
const shotsIn = (markdown: string) => [...markdown.matchAll(/\]\(shot:([a-z0-9-]+)\)/g)].map((m) => m[1]!);
const helpLinksIn = (markdown: string) =>
  [...markdown.matchAll(/\]\((\/help\/[^)\s]*)\)/g)].map((m) => new URL(m[1]!, 'http://kerf.test'));

/** The manual as written: both languages alike in shape, every link and picture leading somewhere. */
describe('the usage manual', () => {
  const zh = MANUAL['zh-CN'];
  const en = MANUAL.en;

  it('has the same chapters in both languages, with the same sections in the same order', () => {
    expect(zh.length).toBeGreaterThanOrEqual(10);
    expect(en.map((c) => c.slug)).toEqual(zh.map((c) => c.slug));
    for (const [i, chapter] of zh.entries()) {
      expect(
        en[i]!.sections.map((s) => s.id),
        chapter.slug,
      ).toEqual(chapter.sections.map((s) => s.id));
      expect(chapter.sections.length, chapter.slug).toBeGreaterThan(1);
    }
  });

  it('uses the same pictures in both languages, each one taken by the end-to-end suite and present', () => {
    const sources = shotSources as Record<string, Record<string, string>>;
    for (const [i, chapter] of zh.entries()) {
      expect(shotsIn(en[i]!.markdown), chapter.slug).toEqual(shotsIn(chapter.markdown));
      for (const name of shotsIn(chapter.markdown)) {
        expect(Object.keys(sources), `${chapter.slug}: shot:${name}`).toContain(name);
        for (const language of ['zh-CN', 'en']) {
          expect(existsSync(resolve(WEB, `public/manual-shots/${name}.${language}.webp`)), `${name}.${language}`).toBe(
            true,
          );
          expect(manualShotSize(name, language as Locale), `size of ${name}.${language}`).toBeDefined();
        }
      }
    }
  });

  it('names only screenshots some end-to-end spec takes', () => {
    const specs = readdirSync(resolve(WEB, 'e2e'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(resolve(WEB, 'e2e', file), 'utf8'))
      .join('\n');
    for (const byLanguage of Object.values(shotSources as Record<string, Record<string, string>>)) {
      for (const screenshot of Object.values(byLanguage))
        expect(specs.includes(`'${screenshot}'`), screenshot).toBe(true);
    }
  });

  it('links to chapters and sections that exist', () => {
    const sections = (chapters: ManualChapter[]) =>
      new Map(chapters.map((c) => [c.slug, new Set(c.sections.map((s) => s.id))]));
    for (const chapters of [zh, en]) {
      const known = sections(chapters);
      for (const chapter of chapters) {
        for (const link of helpLinksIn(chapter.markdown)) {
          const slug = link.pathname.slice('/help/'.length);
          expect(known.has(slug), `${chapter.slug} → ${link.pathname}`).toBe(true);
          if (link.hash) expect(known.get(slug)?.has(link.hash.slice(1)), `${chapter.slug} → ${link.href}`).toBe(true);
        }
      }
    }
  });
});
