import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSvg } from '../src/import/svg/index.js';
import { exportSvg } from '../src/output/svg.js';
import { FontBook } from '../src/text/fonts.js';
import { diffShare, isBlank, renderSvg } from './render.js';

/**
 * Kerf's own SVG files for what a laser user draws with (clip paths, masks, painting, structure, text),
 * each checked against resvg: the file as imported and exported again must render like the file itself.
 * A pixel differs when a channel differs by more than 64 over white; a file passes under 1 % of pixels.
 * Where the resvg these tests use (resvg-js 2.6) lacks a feature the file uses (transform-origin), the
 * reference is resvg's rendering of `NAME.expected.svg`, the same drawing written without that feature.
 */
const DIR = join(import.meta.dirname, 'fixtures', 'svg-fidelity');
const WIDTH = 200;

/** Text files are laid out with Noto Sans on both sides: resvg gets the TrueType files, the importer the same fonts. */
const NOTO = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans/package.json'));
const NOTO_FILES = [
  '400Regular/NotoSans_400Regular.ttf',
  '700Bold/NotoSans_700Bold.ttf',
  '400Regular_Italic/NotoSans_400Regular_Italic.ttf',
].map((f) => join(NOTO, f));
function notoBook(): FontBook {
  const book = new FontBook();
  for (const file of NOTO_FILES) book.add(new Uint8Array(readFileSync(file)));
  return book;
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.svg') && !f.endsWith('.expected.svg'))
  .sort();

describe('SVG import fidelity against resvg', () => {
  it.each(files)('%s renders as resvg renders the original', (file) => {
    const original = readFileSync(join(DIR, file), 'utf8');
    const expected = join(DIR, file.replace(/\.svg$/, '.expected.svg'));
    const text = file.startsWith('text-');
    const reference = renderSvg(
      existsSync(expected) ? readFileSync(expected, 'utf8') : original,
      WIDTH,
      text ? NOTO_FILES : [],
    );
    expect(isBlank(reference)).toBe(false);
    const doc = importSvg(original, text ? { fonts: notoBook() } : {});
    // Kerf's export outlines the text, so it renders without fonts.
    const ours = renderSvg(exportSvg(doc), WIDTH);
    const share = diffShare(ours, reference, 64);
    expect(
      share,
      `${(share * 100).toFixed(2)} % of pixels differ; warnings: ${doc.meta.warnings?.join('; ')}`,
    ).toBeLessThan(0.01);
  });
});
