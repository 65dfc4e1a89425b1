// Bundles the server into dist/main.js: our own workspace packages (@kerf/*, TypeScript sources) are
// compiled in; every other package stays external and is loaded from node_modules at run time.
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
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.kind === 'entry-point' || args.path.startsWith('@kerf/') ? undefined : { external: true },
        );
      },
    },
  ],
});
