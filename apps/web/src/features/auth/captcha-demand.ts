import { RequestError } from '../../api/request';

/** True when a refused call says the image captcha is needed (`data.captchaRequired`), first time or after a wrong answer. */
export function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const data = error.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === true;
}
