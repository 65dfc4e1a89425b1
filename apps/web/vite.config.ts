import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth serving compressed; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` siblings next to every text asset after the build, so the server
 * (@fastify/static with `preCompressed`) sends them without compressing per request.
 * A sibling is skipped when it would not be smaller, and the server then falls back to the original.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kerf:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const [source, info] = await Promise.all([readFile(file), stat(file)]);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: info.size,
                },
              }),
              gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < info.size) await writeFile(`${file}.br`, br);
            if (gz.length < info.size) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

const API_TARGET = process.env.KERF_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/web/',
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/cloud-api': { target: API_TARGET, changeOrigin: true },
      '/uac-api': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/cloud-api': { target: API_TARGET, changeOrigin: true },
      '/uac-api': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // antd alone is a large library; one vendor chunk per slow-changing library keeps the cache warm
    // across app releases, and lazy route chunks keep first paint small.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs|classnames|clsx|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|@babel[\\/]runtime)[\\/]/,
              priority: 20,
              // Only what the first page needs; components used by lazy pages (the settings drawer's
              // colour picker, menus) load with those pages instead of delaying the landing page.
              tags: ['$initial'],
            },
            {
              name: 'vendor-libs',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|axios|js-cookie|nprogress)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
