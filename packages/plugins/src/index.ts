export * from './fragment.js';
export * from './sdk.js';
