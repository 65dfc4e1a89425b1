import type sharp from 'sharp';
import { onFirstUse } from '../on-first-use.js';

/** sharp (libvips), some 30 MB: only previews and raster decoding need it. */
export const loadSharp = onFirstUse(() => import('sharp').then((module) => module.default as unknown as typeof sharp));
