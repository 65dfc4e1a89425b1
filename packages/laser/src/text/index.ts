export * from './fonts.js';
