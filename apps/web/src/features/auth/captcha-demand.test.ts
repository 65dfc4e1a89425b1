import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/request';
import { asksForCaptcha } from './captcha-demand';

function refusal(code: number, data: unknown) {
  return new RequestError('refused', 'business', code, undefined, { data, status: code });
}

describe('asksForCaptcha', () => {
  it('is true only for a refusal that carries captchaRequired', () => {
    expect(asksForCaptcha(refusal(400, { captchaRequired: true }))).toBe(true);
    expect(asksForCaptcha(refusal(429, { retryAfterSeconds: 30 }))).toBe(false);
    expect(asksForCaptcha(refusal(400, { captchaRequired: 'yes' }))).toBe(false);
    expect(asksForCaptcha(refusal(400, null))).toBe(false);
    expect(asksForCaptcha(new Error('network'))).toBe(false);
    expect(asksForCaptcha(undefined)).toBe(false);
  });
});
