// Bundles the server into dist/main.js: our own workspace packages (@kerf/*, TypeScript sources) are
// compiled in; every other package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
