import { CRAFT_LIMITS, type CraftInput, type CraftPass, craftInputSchema } from '@kerf/contract';
import { SaxesParser } from 'saxes';
import {
  CLB_ENTRY_ATTRIBUTES,
  CLB_FIELD_BY_TAG,
  CLB_NO_THICKNESS,
  CLB_RESERVED_ATTRIBUTES,
  CLB_TYPE_MODES,
  CLB_TYPE_OF_MODE,
  type Draft,
  parseClbNumber,
} from './clb-fields.js';
import { clbPassValues } from './clb-write.js';
import { CraftFileError } from './craft-file-error.js';
import {
  type CraftDefaults,
  checkCraftCount,
  craftLabel,
  type ParsedCraftLibrary,
  parseCraftDraft,
} from './craft-library.js';

interface ClbSetting {
  type: string;
  values: [tag: string, value: string][];
}
interface ClbEntry {
  material: string;
  attributes: [name: string, value: string][];
  settings: ClbSetting[];
}
interface ClbDocument {
  name: string;
  entries: ClbEntry[];
}
type Kind = 'library' | 'material' | 'entry' | 'setting' | 'value' | 'other';

/** A LightBurn library is four levels deep; anything far deeper is an attack on the parser's stack. */
const MAX_DEPTH = 16;
const UNTITLED = 'Untitled';

const notClb = (detail: string) => new CraftFileError('importNotClb', [detail]);

/** A LightBurn material library (.clb) as crafts; `defaults` stand in for what LightBurn does not record. */
export function readClb(text: string, defaults: CraftDefaults): ParsedCraftLibrary {
  const document = parseClbDocument(text);
  checkCraftCount(document.entries.length);
  const crafts = document.entries.map((entry, index) => craftOfEntry(entry, index, defaults));
  return { format: 'clb', name: document.name, crafts };
}

function parseClbDocument(text: string): ClbDocument {
  // saxes expands no entities of its own, but a DTD has no business in a library: refuse it before parsing.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(text)) throw new CraftFileError('importDoctype');
  const parser = new SaxesParser({ xmlns: false, position: true, forceXMLVersion: true, defaultXMLVersion: '1.0' });
  const document: ClbDocument = { name: '', entries: [] };
  const kinds: Kind[] = [];
  let material = '';
  let entry: ClbEntry | undefined;
  let setting: ClbSetting | undefined;
  parser.on('error', (error) => {
    throw notClb(describeXmlError(error));
  });
  parser.on('opentag', (tag) => {
    if (kinds.length >= MAX_DEPTH) throw notClb(`elements nested too deep at line ${parser.line}`);
    const kind = kindOf(kinds.at(-1), tag.name);
    kinds.push(kind);
    const attributes = tag.attributes;
    if (kind === 'library') document.name = attributes.DisplayName ?? '';
    else if (kind === 'material') material = attributes.name ?? '';
    else if (kind === 'entry') {
      // Stop counting early rather than build a huge list only to refuse it.
      if (document.entries.length >= CRAFT_LIMITS.importMaxCrafts) throw new CraftFileError('importTooMany');
      entry = { material, attributes: Object.entries(attributes), settings: [] };
      document.entries.push(entry);
    } else if (kind === 'setting') {
      const opened: ClbSetting = { type: attributes.type ?? '', values: [] };
      entry!.settings.push(opened);
      setting = opened;
    } else if (kind === 'value') setting!.values.push([tag.name, attributes.Value ?? '']);
  });
  parser.on('closetag', () => kinds.pop());
  parser.write(text).close();
  return document;
}

/** Where an element sits decides what it is; elements Kerf does not know are skipped with all they hold. */
function kindOf(parent: Kind | undefined, name: string): Kind {
  if (parent === undefined) {
    if (name !== 'LightBurnLibrary') throw notClb(`root element is ${name.slice(0, 64)}, not LightBurnLibrary`);
    return 'library';
  }
  if (parent === 'library' && name === 'Material') return 'material';
  if (parent === 'material' && name === 'Entry') return 'entry';
  if (parent === 'entry' && name === 'CutSetting') return 'setting';
  if (parent === 'setting') return 'value';
  return 'other';
}

/** saxes says "3:14: unclosed tag: Entry"; the reader gets "unclosed tag: Entry at line 3". */
function describeXmlError(error: Error): string {
  const match = /^(\d+):\d+: (.*?)\.?$/s.exec(error.message);
  return match ? `${match[2]} at line ${match[1]}` : error.message;
}

function craftOfEntry(entry: ClbEntry, index: number, defaults: CraftDefaults): CraftInput {
  const attribute = new Map(entry.attributes);
  const named = CLB_ENTRY_ATTRIBUTES;
  const kept = entry.attributes.filter(([name]) => !CLB_RESERVED_ATTRIBUTES.has(name));
  const powerClass = attribute.get(named.powerClass);
  const draft = {
    material: entry.material,
    thickness: readThickness(attribute.get(named.thickness)),
    machineModel: attribute.get(named.machineModel) ?? defaults.machineModel,
    laserType: attribute.get(named.laserType) ?? defaults.laserType,
    powerClass: powerClass === undefined ? defaults.powerClass : (parseClbNumber(powerClass) ?? powerClass),
    name: [attribute.get(named.name), attribute.get('NoThickTitle')].find((text) => text?.trim()) ?? UNTITLED,
    description: attribute.get(named.description) ?? '',
    passes: [] as Draft[],
    ...(kept.length ? { lightburn: kept } : {}),
  };
  for (const setting of entry.settings) {
    draft.passes.push(
      passDraft(setting, (problem) => {
        throw new CraftFileError('importInvalidCraft', [index + 1, craftLabel(draft), problem]);
      }),
    );
  }
  return withoutNeedlessKeeps(parseCraftDraft(draft, index));
}

/** Absent, empty and -1 all mean "any thickness"; text that is not a number is left for the schema to refuse. */
function readThickness(raw: string | undefined): number | string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = parseClbNumber(raw);
  if (value === CLB_NO_THICKNESS) return null;
  return value ?? raw;
}

function passDraft(setting: ClbSetting, refuse: (problem: string) => never): Draft {
  const mode = CLB_TYPE_MODES.get(setting.type);
  // An unknown type stays as it is, so the schema refuses it with its own (translated) rule.
  const pass: Draft = { mode: mode ?? setting.type };
  const bitmap: Draft = {};
  let hasBitmap = false;
  const unknown: [string, string][] = [];
  for (const [tag, raw] of setting.values) {
    const field = CLB_FIELD_BY_TAG.get(tag);
    if (!field || (field.image && mode !== 'image')) {
      unknown.push([tag, raw]);
      continue;
    }
    const problem = field.read(raw, pass, bitmap);
    if (problem) refuse(problem);
    hasBitmap ||= field.image;
    if (field.keepsOriginal?.(raw)) unknown.push([tag, raw]);
  }
  if (hasBitmap) pass.bitmap = bitmap;
  pass.lightburn = { type: setting.type, unknown, order: setting.values.map(([tag]) => tag) };
  return pass;
}

/**
 * A pass whose LightBurn record says nothing the export would not write anyway (the usual type, no unknown
 * values, the values in Kerf's own order) loses the record, so a Kerf export reads back as it was.
 */
function withoutNeedlessKeeps(craft: CraftInput): CraftInput {
  let dropped = false;
  const passes = craft.passes.map((pass) => {
    const { lightburn, ...plain } = pass;
    if (!lightburn || !saysNothingNew(lightburn, plain)) return pass;
    dropped = true;
    return plain;
  });
  return dropped ? craftInputSchema.parse({ ...craft, passes }) : craft;
}

function saysNothingNew(keep: NonNullable<CraftPass['lightburn']>, plain: CraftPass): boolean {
  if (keep.type !== CLB_TYPE_OF_MODE[plain.mode] || keep.unknown.length > 0) return false;
  const written = clbPassValues(plain).map(([tag]) => tag);
  const order = keep.order ?? [];
  return written.length === order.length && written.every((tag, i) => tag === order[i]);
}
