import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginManifestSchema } from '@kerf/contract';
import { BUILTIN_PLUGINS } from '@kerf/plugins/builtin';
import type { NewVersion } from './plugins.repository.js';

/** The folder the server's build writes the built-in plugins' entry scripts to (build.mjs). */
export const BUILT_ENTRIES_FOLDER = 'builtin-plugins';

/**
 * Loaded at run time, and only from the sources (esbuild is a development tool): the specifier is a
 * variable so the server's own bundle does not take it in.
 */
const BUNDLER: string = '@kerf/plugins/scripts/bundle-builtins';

type Bundler = {
  bundleBuiltinPlugins(
    ids: readonly string[],
    options: { cache: boolean },
  ): Promise<Array<{ id: string; code: string }>>;
};

/** dist/builtin-plugins when this runs from the built server (dist/main.js or one of its chunks); null from the sources. */
function builtEntriesFolder(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 2; i++) {
    const candidate = join(dir, BUILT_ENTRIES_FOLDER);
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  return null;
}

let bundled: Promise<Map<string, string>> | null = null;

/**
 * Each built-in plugin's entry script by id: read from what the build wrote, or, running from the
 * sources, bundled in memory (once per process; a failed bundling is tried again next time).
 */
export async function builtinEntryScripts(ids: readonly string[]): Promise<Map<string, string>> {
  const folder = builtEntriesFolder();
  if (folder) {
    const scripts = await Promise.all(
      ids.map(async (id) => {
        const file = join(folder, `${id}.js`);
        if (!existsSync(file)) throw new Error(`The built-in plugin ${id} has no entry script at ${file}; build again`);
        return [id, await readFile(file, 'utf8')] as const;
      }),
    );
    return new Map(scripts);
  }
  bundled ??= (import(/* @vite-ignore */ BUNDLER) as Promise<Bundler>)
    .then(({ bundleBuiltinPlugins }) => bundleBuiltinPlugins(ids, { cache: true }))
    .then((scripts) => new Map(scripts.map(({ id, code }) => [id, code])));
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}

/** What identifies a version's content: its manifest, icon and entry. */
export function versionDigest(manifest: unknown, icon: Buffer | null, entry: Buffer): string {
  return createHash('sha256')
    .update(JSON.stringify(manifest))
    .update('\0')
    .update(icon ?? Buffer.alloc(0))
    .update('\0')
    .update(entry)
    .digest('hex');
}

/** The built-in plugins as versions to store: manifest (checked like a package's), SVG icon and entry script. */
export async function builtinVersions(): Promise<NewVersion[]> {
  const scripts = await builtinEntryScripts(BUILTIN_PLUGINS.map((p) => p.manifest.id));
  return BUILTIN_PLUGINS.map((plugin) => {
    const manifest = pluginManifestSchema.parse(plugin.manifest);
    const code = scripts.get(manifest.id);
    if (code === undefined) throw new Error(`The built-in plugin ${manifest.id} has no entry script`);
    const entry = Buffer.from(code);
    const icon = Buffer.from(plugin.icon);
    return {
      pluginId: manifest.id,
      version: manifest.version,
      manifest,
      entry,
      icon,
      iconType: 'image/svg+xml',
      packageSize: entry.length + icon.length + Buffer.byteLength(JSON.stringify(manifest)),
      digest: versionDigest(manifest, icon, entry),
    };
  });
}
