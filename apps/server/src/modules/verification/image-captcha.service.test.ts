import svgCaptcha from 'svg-captcha';
import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../../infra/cache/memory-cache.js';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, drawCaptcha } from './captcha-picture.js';
import { ImageCaptchaService } from './image-captcha.service.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pictureBytes(image: string): Buffer {
  const match = /^data:image\/png;base64,(.+)$/.exec(image);
  expect(match).not.toBeNull();
  return Buffer.from(match![1]!, 'base64');
}

/** The answer the service keeps, read from the cache the way only the server itself can. */
async function answerOf(cache: MemoryCache, uuid: string) {
  return (await cache.get(`captcha:${uuid}`))!;
}

/**
 * The attack on the old captcha: every character was an SVG `<path fill=… d=…>` of one font glyph,
 * so the sequence of path commands names the glyph wherever it is drawn. Learn that sequence per
 * character from labelled samples, then read any picture by sorting its glyph paths left to right.
 */
function glyphPaths(markup: string) {
  return [...markup.matchAll(/<path fill="[^"]+" d="([^"]+)"\/>/g)].map(([, d]) => ({
    shape: d!.replace(/[^A-Za-z]/g, ''),
    x: Number(/^M\s*([\d.-]+)/.exec(d!)?.[1] ?? Number.NaN),
  }));
}

function learnGlyphs(samples: Array<{ text: string; data: string }>) {
  const book = new Map<string, string>();
  for (const { text, data } of samples) {
    const paths = glyphPaths(data).sort((a, b) => a.x - b.x);
    for (const [i, path] of paths.entries()) book.set(path.shape, text[i]!.toLowerCase());
  }
  return book;
}

function readByGlyphShapes(markup: string, book: Map<string, string>): string {
  return glyphPaths(markup)
    .sort((a, b) => a.x - b.x)
    .map((path) => book.get(path.shape) ?? '')
    .join('');
}

const oldOptions = {
  size: 4,
  noise: 3,
  ignoreChars: '0oO1ilIL',
  color: true,
  background: '#f4f7ec',
  width: 120,
  height: 40,
};

describe('image captcha', () => {
  it('serves a PNG raster with no glyph outlines or text in it', async () => {
    const cache = new MemoryCache();
    const captcha = await new ImageCaptchaService(cache).create();
    const bytes = pictureBytes(captcha.image);
    expect(bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const latin1 = bytes.toString('latin1');
    expect(latin1).not.toMatch(/<svg|<path|<text|\sd="/i);
    const answer = await answerOf(cache, captcha.uuid);
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET.toLowerCase()}]{${CAPTCHA_LENGTH}}$`));
    expect(latin1.toLowerCase()).not.toContain(answer);
  });

  it('draws the same answer differently every time', async () => {
    const a = await drawCaptcha('WXYZ');
    const b = await drawCaptcha('WXYZ');
    expect(a.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(b.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(a.equals(b)).toBe(false);
  });

  it('accepts the answer in any case, once only, and never after a wrong try', async () => {
    const cache = new MemoryCache();
    const service = new ImageCaptchaService(cache);
    const right = await service.create();
    const answer = await answerOf(cache, right.uuid);
    expect(await service.verify(right.uuid, ` ${answer.toUpperCase()} `)).toBe(true);
    expect(await service.verify(right.uuid, answer)).toBe(false);

    const wrongFirst = await service.create();
    const kept = await answerOf(cache, wrongFirst.uuid);
    expect(await service.verify(wrongFirst.uuid, kept === 'aaaa' ? 'cccc' : 'aaaa')).toBe(false);
    expect(await service.verify(wrongFirst.uuid, kept)).toBe(false);

    expect(await service.verify('no-such-captcha', 'abcd')).toBe(false);
    expect(await service.verify(undefined, 'abcd')).toBe(false);
  });

  it('lets only one of two racing requests with the right answer through', async () => {
    const cache = new MemoryCache();
    const service = new ImageCaptchaService(cache);
    const captcha = await service.create();
    const answer = await answerOf(cache, captcha.uuid);
    const verdicts = await Promise.all([service.verify(captcha.uuid, answer), service.verify(captcha.uuid, answer)]);
    expect(verdicts.filter(Boolean)).toHaveLength(1);
  });

  it('defeats the glyph-shape reader that solved every old SVG captcha', async () => {
    // the attack works on the old captcha: trained on 300 labelled pictures, it reads fresh ones
    const book = learnGlyphs(Array.from({ length: 300 }, () => svgCaptcha.create(oldOptions)));
    const fresh = Array.from({ length: 100 }, () => svgCaptcha.create(oldOptions));
    const solvedOld = fresh.filter((c) => readByGlyphShapes(c.data, book) === c.text.toLowerCase()).length;
    expect(solvedOld).toBeGreaterThanOrEqual(95);

    // and finds nothing to read in the new one, so every guess it makes is refused
    const cache = new MemoryCache();
    const service = new ImageCaptchaService(cache);
    let solvedNew = 0;
    for (let i = 0; i < 20; i++) {
      const captcha = await service.create();
      const markup = pictureBytes(captcha.image).toString('latin1');
      const guess = readByGlyphShapes(markup, book);
      expect(guess).toBe('');
      if (await service.verify(captcha.uuid, guess)) solvedNew++;
    }
    expect(solvedNew).toBe(0);
  });
});
