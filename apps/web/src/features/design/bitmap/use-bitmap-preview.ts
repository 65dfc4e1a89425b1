import type { Bilingual, BitmapShape } from '@kerf/laser';
import { useEffect, useRef, useState } from 'react';
import { BitmapPreviewClient, type PreviewResult } from './bitmap-preview-client';

export interface BitmapPreviewState {
  result: PreviewResult | null;
  refusal: Bilingual | null;
  busy: boolean;
}

/**
 * The engraving preview of `shape` as its settings change, worked out in a worker; `busy` while a newer
 * request has not come back. The last good picture stays on screen while the next one is worked out.
 */
export function useBitmapPreview(
  src: string,
  shape: Pick<BitmapShape, 'width' | 'height' | 'settings' | 'crop'>,
  maxPixels: number,
): BitmapPreviewState {
  const [state, setState] = useState<BitmapPreviewState>({ result: null, refusal: null, busy: true });
  const client = useRef<BitmapPreviewClient | null>(null);
  useEffect(() => {
    const c = new BitmapPreviewClient((outcome) => {
      if ('refusal' in outcome) setState((s) => ({ ...s, refusal: outcome.refusal, busy: false }));
      else setState({ result: outcome, refusal: null, busy: false });
    });
    client.current = c;
    return () => {
      c.dispose();
      client.current = null;
    };
  }, []);
  const { width, height, settings, crop } = shape;
  useEffect(() => {
    setState((s) => ({ ...s, busy: true }));
    client.current?.request({ src, shape: { width, height, settings, crop }, maxPixels });
  }, [src, width, height, settings, crop, maxPixels]);
  return state;
}
