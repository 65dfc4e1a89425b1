import type { BitmapSettings } from '../model/document.js';
import { quantiseTable } from './grey.js';

export type ToneSettings = Pick<BitmapSettings, 'brightness' | 'contrast' | 'gamma'>;

/** Brightness, contrast and gamma that leave a picture as it is (what absent fields mean). */
export const NEUTRAL_TONE = { brightness: 0, contrast: 0, gamma: 1 } as const;

/** True when the settings change no grey (so the pipeline can skip the pass). */
export function isNeutralTone(s: ToneSettings): boolean {
  return (
    (s.brightness ?? NEUTRAL_TONE.brightness) === 0 &&
    (s.contrast ?? NEUTRAL_TONE.contrast) === 0 &&
    (s.gamma ?? NEUTRAL_TONE.gamma) === 1
  );
}

/**
 * The grey-to-grey table of brightness, contrast and gamma, in that order, on greys as 0–1:
 * brightness adds b/100; contrast scales the distance from mid-grey by (100 + c) / (100 − c) (0 at −100,
 * a hard black/white split at 100); gamma raises to 1/γ, so γ > 1 lightens the mid-tones as in photo
 * editors. Black and white ends stay put under gamma; results are clamped to 0–255.
 */
export function toneTable(s: ToneSettings): Uint8Array {
  const shift = (s.brightness ?? NEUTRAL_TONE.brightness) / 100;
  const contrast = s.contrast ?? NEUTRAL_TONE.contrast;
  const spread = contrast >= 100 ? Number.POSITIVE_INFINITY : (100 + contrast) / (100 - contrast);
  const power = 1 / (s.gamma ?? NEUTRAL_TONE.gamma);
  const table = new Uint8Array(256);
  for (let g = 0; g < 256; g++) {
    let v = g / 255 + shift;
    const fromMiddle = v - 0.5;
    v = fromMiddle === 0 ? 0.5 : 0.5 + fromMiddle * spread;
    v = Math.min(1, Math.max(0, v)) ** power;
    table[g] = Math.round(v * 255);
  }
  return table;
}

/**
 * The grey step before dithering as one table: tone (brightness, contrast, gamma), then the reduction
 * to `greyLevel` levels; null when it changes nothing.
 */
export function greyStepTable(s: ToneSettings & Pick<BitmapSettings, 'greyLevel'>): Uint8Array | null {
  const levels = quantiseTable(s.greyLevel);
  if (isNeutralTone(s)) return levels;
  const tone = toneTable(s);
  return levels ? tone.map((g) => levels[g]!) : tone;
}

/** Runs every byte of `data` through `table`, in place. */
export function mapGrey(data: Uint8Array, table: Uint8Array): void {
  for (let i = 0; i < data.length; i++) data[i] = table[data[i]!]!;
}
