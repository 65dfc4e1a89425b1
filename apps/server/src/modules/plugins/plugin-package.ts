import {
  type Bilingual,
  PLUGIN_LIMITS,
  type PluginManifest,
  pluginManifestSchema,
  pluginMessages,
} from '@kerf/contract';
import { Unzip, UnzipInflate } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/app-error.js';

export type PluginIconType = 'image/png' | 'image/svg+xml';

/** A package that passed every check: what a version row stores. */
export interface CheckedPackage {
  manifest: PluginManifest;
  entry: Buffer;
  icon: { bytes: Buffer; type: PluginIconType } | null;
  /** The zip's size as uploaded. */
  size: number;
}

const MANIFEST = 'manifest.json';
/** A zip begins with a local file header, or (an empty one) with its end record. */
const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
/**
 * Compressed bytes handed to the inflater at a time: deflate expands at most about 1:1032, so one
 * step can never produce more than about 4 MB before the running count is checked again.
 */
const STEP_BYTES = 4096;

/** `2 MB`, `256 KB`: a limit as the messages show it. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

const refuse = (message: Bilingual, ...args: Array<string | number>) => AppError.badRequest(message, args);
const notZip = () => refuse(pluginMessages.packageNotZip);

export function packageTooLarge(): AppError {
  return new AppError(413, pluginMessages.packageTooLarge, {
    code: 413,
    args: [sizeText(PLUGIN_LIMITS.packageMaxBytes)],
  });
}

type Extracted = { bytes: Buffer } | { tooLarge: true } | { pending: true };

/**
 * The named files of a zip, each read only up to its limit. A file larger than its limit, by what its
 * header declares or by what actually comes out of it (a header can lie: the zip bomb), is reported as
 * too large and its reading stops there. Files not asked for are never inflated. Reads the local
 * headers in order; of a name given twice, the first counts.
 */
function extract(zip: Uint8Array, limits: ReadonlyMap<string, number>): Map<string, Extracted> {
  const found = new Map<string, Extracted>();
  let failure: unknown = null;
  // A file past its limit settles the answer: nothing more is inflated.
  let stopped = false;
  const unzip = new Unzip((file) => {
    const limit = limits.get(file.name);
    if (limit === undefined || found.has(file.name)) return;
    if (file.originalSize !== undefined && file.originalSize > limit) {
      found.set(file.name, { tooLarge: true });
      stopped = true;
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    found.set(file.name, { pending: true });
    file.ondata = (error, chunk, final) => {
      if (error) {
        failure = error;
        return;
      }
      size += chunk.length;
      if (size > limit) {
        found.set(file.name, { tooLarge: true });
        stopped = true;
        return;
      }
      chunks.push(chunk);
      if (final) found.set(file.name, { bytes: Buffer.concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && !failure && !stopped; at += STEP_BYTES) {
      unzip.push(zip.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= zip.length);
    }
  } catch (error) {
    failure = error;
  }
  // a file whose data ends before it does: a cut-off zip
  if (failure || (!stopped && [...found.values()].some((file) => 'pending' in file))) throw notZip();
  return found;
}

function readManifest(file: Extracted | undefined): PluginManifest {
  if (!file) throw refuse(pluginMessages.manifestMissing);
  if (!('bytes' in file)) {
    throw refuse(pluginMessages.manifestInvalid, `larger than ${sizeText(PLUGIN_LIMITS.manifestMaxBytes)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes));
  } catch {
    throw refuse(pluginMessages.manifestInvalid, 'not JSON text in UTF-8');
  }
  const parsed = pluginManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map(String).join('.');
    throw refuse(pluginMessages.manifestInvalid, where ? `${where}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

/** An SVG's text: UTF-8 that opens an `<svg>` element (what it draws is never run: it is served inert). */
function isSvgText(bytes: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !text.includes('\u0000') && /<svg[\s>]/i.test(text);
  } catch {
    return false;
  }
}

async function readIcon(name: string, file: Extracted | undefined): Promise<CheckedPackage['icon']> {
  if (!file) throw refuse(pluginMessages.iconMissing, name);
  const invalid = () => refuse(pluginMessages.iconInvalid, sizeText(PLUGIN_LIMITS.iconMaxBytes));
  if (!('bytes' in file)) throw invalid();
  if (/\.png$/i.test(name)) {
    if ((await fileTypeFromBuffer(file.bytes))?.mime !== 'image/png') throw invalid();
    return { bytes: file.bytes, type: 'image/png' };
  }
  if (!isSvgText(file.bytes)) throw invalid();
  return { bytes: file.bytes, type: 'image/svg+xml' };
}

/**
 * Checks a plugin package (a zip) and reads what a version keeps: a zip; its `manifest.json` valid by
 * the contract's schema; the entry it names, within its limit; the icon it names, a PNG or SVG within
 * its limit. Each failure answers the contract's message; nothing is read past a limit.
 */
export async function readPluginPackage(zip: Buffer): Promise<CheckedPackage> {
  if (zip.length > PLUGIN_LIMITS.packageMaxBytes) throw packageTooLarge();
  if (!ZIP_SIGNATURES.some((signature) => zip.subarray(0, 4).equals(signature))) throw notZip();
  const manifest = readManifest(extract(zip, new Map([[MANIFEST, PLUGIN_LIMITS.manifestMaxBytes]])).get(MANIFEST));
  const wanted = new Map([[manifest.entry, PLUGIN_LIMITS.entryMaxBytes]]);
  if (manifest.icon) wanted.set(manifest.icon, PLUGIN_LIMITS.iconMaxBytes);
  const files = extract(zip, wanted);
  const entry = files.get(manifest.entry);
  // A file past its limit stops the reading, so the other may not have been reached: that is told first.
  if (entry && 'tooLarge' in entry) throw refuse(pluginMessages.entryTooLarge, sizeText(PLUGIN_LIMITS.entryMaxBytes));
  const icon = manifest.icon ? files.get(manifest.icon) : undefined;
  if (icon && 'tooLarge' in icon) throw refuse(pluginMessages.iconInvalid, sizeText(PLUGIN_LIMITS.iconMaxBytes));
  if (!entry || !('bytes' in entry)) throw refuse(pluginMessages.entryMissing, manifest.entry);
  const checkedIcon = manifest.icon ? await readIcon(manifest.icon, icon) : null;
  return { manifest, entry: entry.bytes, icon: checkedIcon, size: zip.length };
}
