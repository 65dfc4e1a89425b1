import { CRAFT_JSON_FORMAT, type CraftInput, craftJsonFileSchema } from '@kerf/contract';
import { CraftFileError } from './craft-file-error.js';
import { type CraftDefaults, checkCraftCount, type ParsedCraftLibrary, parseCraftDraft } from './craft-library.js';

/** Crafts as a Kerf JSON library: every field, nothing lost. */
export function writeCraftJson(name: string, crafts: CraftInput[]): string {
  return `${JSON.stringify({ format: CRAFT_JSON_FORMAT, version: 1, name, crafts }, null, 2)}\n`;
}

/** A Kerf JSON library; a craft written by hand may leave out the machine, which `defaults` then supply. */
export function readCraftJson(text: string, defaults: CraftDefaults): ParsedCraftLibrary {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CraftFileError('importNotJson', [(error as Error).message.slice(0, 200)]);
  }
  const file = craftJsonFileSchema.safeParse(data);
  if (!file.success) {
    const issue = file.error.issues[0]!;
    if (issue.code === 'too_big' && issue.path[0] === 'crafts') throw new CraftFileError('importTooMany');
    throw new CraftFileError('importNotJson', [`${issue.path.join('.') || 'file'}: ${issue.message}`]);
  }
  checkCraftCount(file.data.crafts.length);
  const machine = {
    machineModel: defaults.machineModel,
    laserType: defaults.laserType,
    powerClass: defaults.powerClass,
  };
  const crafts = file.data.crafts.map((craft, index) =>
    parseCraftDraft(
      craft && typeof craft === 'object' && !Array.isArray(craft) ? { ...machine, ...craft } : craft,
      index,
    ),
  );
  return { format: 'json', name: file.data.name, crafts };
}
