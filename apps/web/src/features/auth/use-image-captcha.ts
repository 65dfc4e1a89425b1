import { useCallback, useState } from 'react';
import { fetchImageCaptcha, type ImageCaptcha } from '../../api/account-api';

/**
 * The picture captcha of a form: the current picture and a way to draw a new one, which also empties
 * the answer (`clearAnswer`), since an answer belongs to one picture. A failed fetch leaves no picture;
 * the request client has said why, and clicking the empty picture tries again.
 */
export function useImageCaptcha(clearAnswer: () => void) {
  const [captcha, setCaptcha] = useState<ImageCaptcha>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's setter is the same each render in intent
  const refresh = useCallback(async () => {
    setCaptcha(undefined);
    clearAnswer();
    try {
      setCaptcha(await fetchImageCaptcha());
    } catch {
      // said by the request client
    }
  }, []);
  return { captcha, refresh };
}
