import type sharp from 'sharp';

type SharpFactory = typeof sharp;

let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) loaded on first use: some 30 MB the server would otherwise hold from its start,
 * though only previews and raster decoding need it.
 */
export function loadSharp(): Promise<SharpFactory> {
  if (!loaded) {
    const loading = import('sharp').then((module) => module.default as unknown as SharpFactory);
    loading.catch(() => {
      if (loaded === loading) loaded = undefined; // a failed load is tried again on the next use
    });
    loaded = loading;
  }
  return loaded;
}
