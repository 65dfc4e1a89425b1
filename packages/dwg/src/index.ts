/**
 * @kerf/dwg — DWG import for Kerf through LibreDWG (GPL-3.0-or-later). The rest of Kerf calls
 * `convertDwgInChildProcess` only, so LibreDWG runs in a separate process (see README.md).
 */
export { convertDwg, dwgVersionStamp, readDwg } from './convert.js';
export { type ChildProcessOptions, convertDwgInChildProcess } from './process.js';
export { type CliError, type CliErrorBody, EXIT_BAD_INPUT, EXIT_INTERNAL } from './protocol.js';
