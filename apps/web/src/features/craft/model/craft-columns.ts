/**
 * The craft table's optional columns and the reader's choice of them, remembered in the browser
 * (like the drive's column choice). Material and name always show: without them a row means nothing.
 */
export const CRAFT_COLUMNS = [
  'thickness',
  'laserType',
  'powerClass',
  'machineModel',
  'modes',
  'power',
  'speed',
  'passes',
  'updatedAt',
] as const;
export type CraftColumn = (typeof CRAFT_COLUMNS)[number];

export const CRAFT_COLUMNS_KEY = 'craft-columns';

/**
 * All but the update time until the reader chooses: with it every column no longer fits a 1440 px
 * screen beside the sidebar, and the time matters least when picking settings.
 */
export const DEFAULT_CRAFT_COLUMNS: readonly CraftColumn[] = CRAFT_COLUMNS.filter((column) => column !== 'updatedAt');

/** The stored choice, in table order; anything unreadable gives the default. */
export function readCraftColumns(raw: string | null): CraftColumn[] {
  if (!raw) return [...DEFAULT_CRAFT_COLUMNS];
  try {
    const stored: unknown = JSON.parse(raw);
    if (!Array.isArray(stored)) return [...DEFAULT_CRAFT_COLUMNS];
    return CRAFT_COLUMNS.filter((column) => stored.includes(column));
  } catch {
    return [...DEFAULT_CRAFT_COLUMNS];
  }
}

export function writeCraftColumns(columns: readonly CraftColumn[]): string {
  return JSON.stringify(CRAFT_COLUMNS.filter((column) => columns.includes(column)));
}
