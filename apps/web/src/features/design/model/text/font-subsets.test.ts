import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseFontSubsets, subsetsFor } from './font-subsets';

const require = createRequire(import.meta.url);
const css = (pkg: string) => readFileSync(require.resolve(`${pkg}/400.css`), 'utf8');

describe('font subsets', () => {
  const chinese = parseFontSubsets(css('@fontsource/noto-sans-sc'));
  const latin = parseFontSubsets(css('@fontsource/noto-sans'));

  it('reads every WOFF file and its ranges from the font CSS', () => {
    expect(chinese.length).toBeGreaterThan(90);
    expect(chinese.every((s) => s.file.endsWith('.woff') && s.ranges.length > 0)).toBe(true);
    expect(latin.some((s) => s.file.includes('latin-400'))).toBe(true);
  });

  it('picks only the files a text needs', () => {
    expect(subsetsFor('Laser 01', latin).map((s) => s.file)).toEqual(['./files/noto-sans-latin-400-normal.woff']);
    const forName = subsetsFor('激光切割', chinese);
    expect(forName.length).toBeGreaterThan(0);
    expect(forName.length).toBeLessThanOrEqual(4);
    expect(subsetsFor('   ', chinese)).toEqual([]);
  });
});
