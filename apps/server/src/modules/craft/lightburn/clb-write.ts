import type { CraftInput, CraftPass } from '@kerf/contract';
import {
  CLB_ENTRY_ATTRIBUTES,
  CLB_FIELD_BY_TAG,
  CLB_FIELDS,
  CLB_NO_THICKNESS,
  CLB_RESERVED_ATTRIBUTES,
  CLB_TYPE_MODES,
  CLB_TYPE_OF_MODE,
  type ClbField,
} from './clb-fields.js';

const INDENT = '    ';
/** Kept names come from files and JSON; only plain XML names may become tags or attributes. */
const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

/** Crafts as a LightBurn material library: one Material per material, in the order they first appear. */
export function writeClb(name: string, crafts: CraftInput[]): string {
  const byMaterial = new Map<string, CraftInput[]>();
  for (const craft of crafts) {
    const list = byMaterial.get(craft.material);
    if (list) list.push(craft);
    else byMaterial.set(craft.material, [craft]);
  }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<LightBurnLibrary DisplayName="${escapeXmlAttribute(name)}">`,
  ];
  for (const [material, entries] of byMaterial) {
    lines.push(`${INDENT}<Material name="${escapeXmlAttribute(material)}">`);
    for (const craft of entries) writeEntry(craft, lines);
    lines.push(`${INDENT}</Material>`);
  }
  lines.push('</LightBurnLibrary>', '');
  return lines.join('\n');
}

function writeEntry(craft: CraftInput, lines: string[]): void {
  const named = CLB_ENTRY_ATTRIBUTES;
  const seen = new Set(CLB_RESERVED_ATTRIBUTES);
  const kept = (craft.lightburn ?? []).filter(([name]) => XML_NAME.test(name) && !seen.has(name) && seen.add(name));
  const attributes: [string, string][] = [
    [named.thickness, String(craft.thickness ?? CLB_NO_THICKNESS)],
    [named.name, craft.name],
    ...kept,
    // LightBurn has no place for these; Kerf reads them back, LightBurn ignores them.
    [named.machineModel, craft.machineModel],
    [named.laserType, craft.laserType],
    [named.powerClass, String(craft.powerClass)],
    [named.description, craft.description],
  ];
  const text = attributes.map(([key, value]) => `${key}="${escapeXmlAttribute(value)}"`).join(' ');
  lines.push(`${INDENT.repeat(2)}<Entry ${text}>`);
  for (const pass of craft.passes) {
    lines.push(`${INDENT.repeat(3)}<CutSetting type="${escapeXmlAttribute(clbType(pass))}">`);
    for (const [tag, value] of clbPassValues(pass)) {
      lines.push(`${INDENT.repeat(4)}<${tag} Value="${escapeXmlAttribute(value)}"/>`);
    }
    lines.push(`${INDENT.repeat(3)}</CutSetting>`);
  }
  lines.push(`${INDENT.repeat(2)}</Entry>`);
}

/** The original type while it still fits the mode ("Scan+Cut" stays), else the usual one for the mode. */
function clbType(pass: CraftPass): string {
  const kept = pass.lightburn?.type;
  return kept !== undefined && CLB_TYPE_MODES.get(kept) === pass.mode ? kept : CLB_TYPE_OF_MODE[pass.mode];
}

/**
 * The `<tag Value>` children of a pass. A pass read from LightBurn gets its values back in their original
 * order, unknown ones included, and no known value its original left out unless it has changed; any other
 * pass gets every value Kerf knows.
 */
export function clbPassValues(pass: CraftPass): [tag: string, value: string][] {
  const keep = pass.lightburn;
  const bitmap = pass.mode === 'image' ? pass.bitmap : undefined;
  const fields = CLB_FIELDS.filter((field) => !field.image || bitmap);
  const known = new Map(fields.map((field) => [field.tag, field]));
  // An unknown value the reader would take for a known one is left out, unless it can stand in for it.
  const readsAsKnown = (tag: string) => {
    const field = CLB_FIELD_BY_TAG.get(tag);
    return field !== undefined && (!field.image || pass.mode === 'image');
  };
  const unknown = (keep?.unknown ?? []).filter(([tag]) => XML_NAME.test(tag) && (known.has(tag) || !readsAsKnown(tag)));
  const takeUnknown = (tag: string) => {
    const at = unknown.findIndex(([name]) => name === tag);
    return at < 0 ? undefined : unknown.splice(at, 1)[0]![1];
  };
  const out: [string, string][] = [];
  const written = new Set<string>();
  const writeKnown = (field: ClbField) => {
    written.add(field.tag);
    const original = takeUnknown(field.tag);
    const giveBack = original !== undefined && bitmap && field.givesBackOriginal?.(original, bitmap);
    out.push([field.tag, giveBack ? original : field.write(pass, bitmap!)]);
  };

  for (const tag of keep?.order ?? []) {
    const field = known.get(tag);
    if (field) {
      if (!written.has(tag)) writeKnown(field);
    } else {
      const value = takeUnknown(tag);
      if (value !== undefined) out.push([tag, value]);
    }
  }
  for (const field of fields) {
    if (written.has(field.tag)) continue;
    const leftOut = field.kerf || keep?.order !== undefined;
    if (field.always || !leftOut || !field.isDefault(pass, bitmap!)) writeKnown(field);
  }
  // A leftover unknown value named like a known field is stale: the known value was written instead.
  for (const [tag, value] of unknown) if (!known.has(tag)) out.push([tag, value]);
  return out;
}

/**
 * Tab and line breaks become references, or attribute-value normalisation would turn them into spaces; so do
 * DEL and C1 controls, to stay visible. Other C0 controls, U+FFFE/U+FFFF and lone surrogates cannot appear
 * in XML 1.0 at all, even as references, so they are dropped.
 */
export function escapeXmlAttribute(value: string): string {
  return value.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here
    /[&<>"\t\n\r\u007f-\u009f]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => XML_ESCAPES[char] ?? (/[\t\n\r\u007f-\u009f]/.test(char) ? `&#${char.charCodeAt(0)};` : ''),
  );
}
const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
