// Bundles the server into dist/main.js: our own workspace packages (@kerf/*, TypeScript sources) are
// compiled in, with any package version npm nested under one of them; every other package stays
// external and is loaded from node_modules at run time.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleBuiltinPlugins } from '@kerf/plugins/scripts/bundle-builtins';
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  // main.js: the server; import-pglite.js: `npm run db:import-pglite` (moves a PGlite database of an earlier Kerf).
  entryPoints: ['src/main.ts', 'src/import-pglite.ts'],
  outdir: 'dist',
  // Modules loaded with import() (the S3 store, the Redis cache) become chunks of their own, so their
  // packages load only when configured.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals-but-workspace',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.kind === 'entry-point' || args.path.startsWith('@kerf/') || args.pluginData === 'inner') {
            return undefined;
          }
          // A workspace package may depend on another version of a package than the root has (the laser
          // core's opentype.js 2 beside a root 0.7): npm nests it under that package, where the bundle's
          // runtime lookup from dist/ would never look. Such a nested copy is compiled in; everything
          // else stays external, so one copy of each shared package (zod above all) is loaded.
          if (/[\\/]packages[\\/]/.test(args.importer)) {
            const found = await b.resolve(args.path, {
              resolveDir: args.resolveDir,
              kind: args.kind,
              pluginData: 'inner',
            });
            if (/[\\/]packages[\\/][^\\/]+[\\/]node_modules[\\/]/.test(found.path)) return { path: found.path };
          }
          return { external: true };
        });
      },
    },
  ],
});

// The built-in plugins' entry scripts, which the server stores at start (modules/plugins/builtin-plugins.ts).
const pluginsDir = join(import.meta.dirname, 'dist', 'builtin-plugins');
await rm(pluginsDir, { recursive: true, force: true });
await mkdir(pluginsDir, { recursive: true });
for (const { id, code } of await bundleBuiltinPlugins()) await writeFile(join(pluginsDir, `${id}.js`), code);
