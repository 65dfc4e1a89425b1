import { randomUUID } from 'node:crypto';
import type { Cache } from '../../infra/cache/cache.js';
import { captchaText, drawCaptcha } from './captcha-picture.js';

const TTL_MS = 2 * 60_000;

/**
 * The image captcha: a warped raster picture of four characters (see captcha-picture.ts), its answer
 * kept in the shared cache for two minutes and usable once.
 */
export class ImageCaptchaService {
  constructor(private readonly cache: Cache) {}

  async create(): Promise<{ uuid: string; image: string }> {
    const text = captchaText();
    const uuid = randomUUID();
    await this.cache.set(`captcha:${uuid}`, text.toLowerCase(), TTL_MS);
    return { uuid, image: `data:image/png;base64,${(await drawCaptcha(text)).toString('base64')}` };
  }

  /**
   * Checks and forgets the answer: right or wrong, a captcha is used once. The first caller to claim the
   * id wins, so two requests racing with the same answer cannot both pass.
   */
  async verify(uuid: string | null | undefined, answer: string | null | undefined): Promise<boolean> {
    if (!uuid || !answer) return false;
    const key = `captcha:${uuid}`;
    if (!(await this.cache.setIfAbsent(`${key}:used`, '1', TTL_MS))) return false;
    const expected = await this.cache.get(key);
    await this.cache.delete(key);
    return expected !== null && expected === answer.trim().toLowerCase();
  }
}
