import { CRAFT_LIMITS } from '@kerf/contract';
import { readClb } from './clb-read.js';
import { CraftFileError } from './craft-file-error.js';
import { readCraftJson } from './craft-json.js';
import type { CraftDefaults, ParsedCraftLibrary } from './craft-library.js';

export type { CraftDefaults, ParsedCraftLibrary } from './craft-library.js';

/**
 * An uploaded craft library, LightBurn (.clb) or Kerf JSON. The content decides which, not the file name,
 * which the browser and the user may get wrong.
 */
export function readCraftFile(bytes: Uint8Array, _fileName: string, defaults: CraftDefaults): ParsedCraftLibrary {
  if (bytes.byteLength > CRAFT_LIMITS.importMaxBytes) throw new CraftFileError('importTooLarge');
  let text: string;
  try {
    // A UTF-8 byte order mark is taken off; bytes that are not UTF-8 mean this is no library of ours.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CraftFileError('importUnknownFormat');
  }
  const first = /\S/.exec(text);
  if (first?.[0] === '{') return readCraftJson(text, defaults);
  // An XML declaration must open the document, so blank lines a tool left before it are dropped.
  if (first?.[0] === '<') return readClb(text.slice(first.index), defaults);
  throw new CraftFileError('importUnknownFormat');
}
