import { CRAFT_LIMITS, type CraftInput, type CraftLaserType, craftInputSchema } from '@kerf/contract';
import { CraftFileError } from './craft-file-error.js';

/** What a file cannot say about the machine (LightBurn libraries have no such fields): the importer's choice. */
export interface CraftDefaults {
  machineModel: string;
  laserType: CraftLaserType;
  powerClass: number;
}

export interface ParsedCraftLibrary {
  format: 'clb' | 'json';
  name: string;
  crafts: CraftInput[];
}

/** How an import message names a craft: its material and name as the file spells them. */
export function craftLabel(draft: unknown): string {
  const field = (key: string) => {
    const value = draft && typeof draft === 'object' ? (draft as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value.trim() : '';
  };
  return `${field('material')} / ${field('name')}`;
}

/**
 * A craft from a file through the one schema the API uses. The broken rule travels as the schema's
 * message (a `@craft.` key for most rules), so the caller can put it in the reader's language.
 */
export function parseCraftDraft(draft: unknown, index: number): CraftInput {
  const parsed = craftInputSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  throw new CraftFileError('importInvalidCraft', [index + 1, craftLabel(draft), parsed.error.issues[0]!.message]);
}

export function checkCraftCount(count: number): void {
  if (count === 0) throw new CraftFileError('importEmpty');
  if (count > CRAFT_LIMITS.importMaxCrafts) throw new CraftFileError('importTooMany');
}
