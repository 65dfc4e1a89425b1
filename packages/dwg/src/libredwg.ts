import { FormatError } from '@kerf/laser';
import { createModule, type DwgDatabase, LibreDwg, type LibreDwgEx } from '@mlightcad/libredwg-web';

/**
 * The LibreDWG WebAssembly module: loading it, reading one DWG into it and freeing it again. LibreDWG
 * is a C library: a hostile file can make it abort (a WebAssembly trap) or leave the instance in a bad
 * state, so an instance that threw is dropped and the next read gets a fresh one.
 */

/** The raw module (functions of the C API) and the wrapper that converts a Dwg_Data into a DwgDatabase. */
export interface LibreDwgHandle {
  module: Awaited<ReturnType<typeof createModule>>;
  lib: LibreDwgEx;
}

let cached: Promise<LibreDwgHandle> | undefined;

/** A LibreDWG instance whose console output is swallowed (stdout of the CLI carries only JSON). */
async function createHandle(): Promise<LibreDwgHandle> {
  const quiet = () => {};
  const module = await createModule({ print: quiet, printErr: quiet } as Parameters<typeof createModule>[0]);
  return { module, lib: LibreDwg.createByWasmInstance(module) };
}

/** The shared instance, created on first use. */
export function libreDwg(): Promise<LibreDwgHandle> {
  cached ??= createHandle().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the shared instance after it threw, so that the next read starts from a clean one. */
export function discardLibreDwg(): void {
  cached = undefined;
}

/** LibreDWG's error bits (dwg.h); anything from CLASSESNOTFOUND up is critical: the data is unusable. */
const CRITICAL_ERROR = 128;
const ERROR_REASONS: [bit: number, reason: string][] = [
  [8192, 'the drawing needs more memory than the converter may use'],
  [4096, 'the file could not be read to the end (it is cut short)'],
  [2048, 'the file is not a valid DWG drawing or it is damaged'],
  [1024, 'LibreDWG could not decode this drawing (internal error)'],
  [512, 'the file is damaged or cut short: a page of the drawing is missing'],
  [256, 'the file is damaged or cut short: a section of the drawing is missing'],
  [128, 'the file is damaged: its class section is missing'],
];

/** The plain-words reason for a critical LibreDWG error code. */
export function readErrorReason(code: number): string {
  for (const [bit, reason] of ERROR_REASONS) if (code & bit) return reason;
  return `LibreDWG could not read this drawing (error ${code})`;
}

/** Wraps an exception thrown inside the WebAssembly module as a FormatError and drops the instance. */
export function wasmFailure(error: unknown): FormatError {
  discardLibreDwg();
  if (error instanceof FormatError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new FormatError('dwg', `LibreDWG stopped while reading the drawing (${message.slice(0, 200)})`);
}

/** Pointer to LibreDWG's Dwg_Data for one file; free it with `freeDwg`. */
export type DwgDataPtr = number;

/**
 * Reads a DWG file into LibreDWG. Refuses files LibreDWG reports as critically broken and files in which
 * it found no object at all (a cut-short R2004+ file reads "successfully" as an empty drawing).
 */
export function readDwgData(handle: LibreDwgHandle, bytes: Uint8Array): DwgDataPtr {
  const { module } = handle;
  const name = 'input.dwg';
  let result: { error: number; data: number };
  try {
    module.FS.writeFile(name, bytes);
    result = module.dwg_read_file(name);
  } catch (error) {
    throw wasmFailure(error);
  } finally {
    try {
      module.FS.unlink(name);
    } catch {
      // already gone, or the instance is broken and about to be dropped
    }
  }
  const { error, data } = result;
  if (error >= CRITICAL_ERROR || !data) {
    // Half-decoded data is not safe to free: drop the whole instance instead.
    discardLibreDwg();
    throw new FormatError('dwg', readErrorReason(error));
  }
  if (module.dwg_get_num_objects(data) === 0) {
    freeDwg(handle, data);
    throw new FormatError('dwg', 'the file is damaged or cut short: no drawing object could be read');
  }
  return data;
}

/** Converts the read data to LibreDWG's JavaScript database; a trap inside becomes a FormatError. */
export function toDatabase(handle: LibreDwgHandle, data: DwgDataPtr): DwgDatabase {
  try {
    return handle.lib.convert(data);
  } catch (error) {
    throw wasmFailure(error);
  }
}

/** Frees the data of one read; a failure here only costs the instance. */
export function freeDwg(handle: LibreDwgHandle, data: DwgDataPtr): void {
  if (!data) return;
  try {
    handle.module.dwg_free(data);
  } catch {
    discardLibreDwg();
  }
}
