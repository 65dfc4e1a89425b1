// Bundles each built-in plugin into the entry script the sandbox runs, as a third-party package's
// entry would be: one self-contained IIFE that hands the plugin to the worker's global `kerf`.
// The server's build writes the scripts to dist/builtin-plugins/<id>.js; a server running from the
// sources (tests, `tsx` dev) calls this at start instead. Plain JavaScript, so both can load it as is.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';

const BUILTIN_DIR = join(import.meta.dirname, '..', 'src', 'builtin');
/** Folders under builtin/ that hold shared code, not a plugin. */
const NOT_PLUGINS = new Set(['common']);
/** The made-up module each entry is built from. */
const ENTRY = 'kerf-builtin-entry:';
/** Where `cache: true` keeps the last bundles, with what they were built from (the repository's node_modules). */
const CACHE_FILE = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'kerf-builtin-plugins.json');

/** The built-in plugins' ids, one per folder: `box-maker/` is `kerf.box-maker`. */
export function builtinPluginIds() {
  return readdirSync(BUILTIN_DIR)
    .filter((name) => !NOT_PLUGINS.has(name) && statSync(join(BUILTIN_DIR, name)).isDirectory())
    .sort()
    .map((name) => `kerf.${name}`);
}

/** What a source file is now: its size and modification time. */
function stamp(file) {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  } catch {
    return 'gone';
  }
}

/** The cached bundles when they were built for these ids from sources that have not changed since. */
function cached(ids) {
  try {
    const cache = JSON.parse(readFileSync(CACHE_FILE, 'utf8'));
    if (cache.esbuild !== esbuildVersion || cache.ids.join() !== ids.join()) return null;
    const unchanged = Object.entries(cache.inputs).every(([file, was]) => stamp(file) === was);
    return unchanged ? cache.scripts : null;
  } catch {
    return null;
  }
}

/** Keeps the bundles with their inputs' stamps; written whole under another name, then renamed. */
function keep(ids, inputFiles, scripts) {
  const inputs = Object.fromEntries([import.meta.filename, ...inputFiles].map((file) => [file, stamp(file)]));
  const temporary = `${CACHE_FILE}.${process.pid}.${Date.now()}`;
  try {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    writeFileSync(temporary, JSON.stringify({ esbuild: esbuildVersion, ids, inputs, scripts }));
    renameSync(temporary, CACHE_FILE);
  } catch {
    // a cache that cannot be written only means bundling again next time
  }
}

/**
 * The entry scripts of the given built-in plugins (all by default): `[{ id, code }]`, built in memory
 * in one esbuild run, so the code they share (the contract, the laser core) is read once. With
 * `cache: true` (a server running from the sources) the last bundles are reused while none of the
 * files they were built from has changed.
 * @param {readonly string[]} [ids]
 * @param {{ cache?: boolean }} [options]
 * @returns {Promise<Array<{ id: string; code: string }>>}
 */
export async function bundleBuiltinPlugins(ids = builtinPluginIds(), options = {}) {
  if (ids.length === 0) return [];
  if (options.cache) {
    const scripts = cached(ids);
    if (scripts) return scripts;
  }
  const result = await build({
    entryPoints: ids.map((id) => ({ in: `${ENTRY}${id}`, out: id })),
    outdir: 'builtin-plugins',
    absWorkingDir: BUILTIN_DIR,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: Boolean(options.cache),
    logLevel: 'silent',
    plugins: [
      {
        name: 'builtin-plugin-entries',
        setup(b) {
          b.onResolve({ filter: new RegExp(`^${ENTRY}`) }, (args) => ({ path: args.path, namespace: 'entry' }));
          b.onLoad({ filter: /.*/, namespace: 'entry' }, (args) => ({
            contents: 'import { plugin } from "./index.ts";\nkerf.register(plugin);\n',
            resolveDir: join(BUILTIN_DIR, args.path.slice(ENTRY.length).replace(/^kerf\./, '')),
            loader: 'js',
          }));
        },
      },
    ],
  });
  const byName = new Map(result.outputFiles.map((file) => [basename(file.path, '.js'), file.text]));
  const scripts = ids.map((id) => {
    const code = byName.get(id);
    if (code === undefined) throw new Error(`no entry script was built for ${id}`);
    return { id, code };
  });
  if (options.cache) {
    // the entries themselves are made up here (namespace `entry:`); every other input is a file
    const files = Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith('entry:'))
      .map((input) => resolve(BUILTIN_DIR, input));
    keep(ids, files, scripts);
  }
  return scripts;
}
