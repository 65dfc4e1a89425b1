#!/usr/bin/env node
// `npm run manual:shots`: the usage manual's pictures from the screenshots the end-to-end suite took in
// its last run (.test-results/screenshots), so they show the product as it is. Each named in
// apps/web/src/features/help/manual-shots.json becomes apps/web/public/manual-shots/NAME.LANGUAGE.webp: at most
// 1,280 px wide and 960 px tall (the top of a long page), as WebP.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
// sharp is the server's dependency; the scripts resolve it from there
const sharp = createRequire(resolve(root, 'apps/server/package.json'))('sharp');
const shots = JSON.parse(readFileSync(resolve(root, 'apps/web/src/features/help/manual-shots.json'), 'utf8'));
const from = resolve(root, '.test-results/screenshots');
const to = resolve(root, 'apps/web/public/manual-shots');
const WIDTH = 1280;
const HEIGHT = 960;

mkdirSync(to, { recursive: true });
const missing = [];
// each picture's size, for the page to keep its room before it loads (no jumping while one reads);
// a picture whose screenshot this run lacks keeps its last picture and size
const sizesFile = resolve(root, 'apps/web/src/features/help/manual-shot-sizes.json');
const sizes = existsSync(sizesFile) ? JSON.parse(readFileSync(sizesFile, 'utf8')) : {};
for (const [name, byLanguage] of Object.entries(shots)) {
  for (const [language, screenshot] of Object.entries(byLanguage)) {
    const source = resolve(from, `${screenshot}.png`);
    if (!existsSync(source)) {
      missing.push(`${screenshot}.png (for ${name}, ${language})`);
      continue;
    }
    const resized = await sharp(source)
      .resize({ width: WIDTH, withoutEnlargement: true })
      .toBuffer({ resolveWithObject: true });
    const height = Math.min(resized.info.height, HEIGHT);
    await sharp(resized.data)
      .extract({ left: 0, top: 0, width: resized.info.width, height })
      .webp({ quality: 82 })
      .toFile(resolve(to, `${name}.${language}.webp`));
    sizes[`${name}.${language}`] = [resized.info.width, height];
    process.stdout.write(`${name}.${language}.webp ← ${screenshot}.png\n`);
  }
}
writeFileSync(
  sizesFile,
  `{\n${Object.entries(sizes)
    .map(([key, [width, height]]) => `  ${JSON.stringify(key)}: [${width}, ${height}]`)
    .join(',\n')}\n}\n`,
);
if (missing.length) {
  process.stderr.write(`Run the end-to-end suite first; missing screenshots:\n  ${missing.join('\n  ')}\n`);
  process.exit(1);
}
