export * from './raster/bmp.js';
export * from './raster/image.js';
