import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Cache } from '../../infra/cache/cache.js';

const TTL_MS = 2 * 60_000;

/**
 * The image captcha: four characters drawn as SVG paths (not text, so a scraper cannot read them from
 * the markup), answer kept in the shared cache for two minutes and usable once.
 */
export class ImageCaptchaService {
  constructor(private readonly cache: Cache) {}

  async create(): Promise<{ uuid: string; image: string }> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 3,
      ignoreChars: '0oO1ilIL',
      color: true,
      background: '#f4f7ec',
      width: 120,
      height: 40,
    });
    const uuid = randomUUID();
    await this.cache.set(`captcha:${uuid}`, captcha.text.toLowerCase(), TTL_MS);
    return { uuid, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** Checks and forgets the answer: right or wrong, a captcha is used once. */
  async verify(uuid: string | null | undefined, answer: string | null | undefined): Promise<boolean> {
    if (!uuid || !answer) return false;
    const key = `captcha:${uuid}`;
    const expected = await this.cache.get(key);
    await this.cache.delete(key);
    return expected !== null && expected === answer.trim().toLowerCase();
  }
}
