import { type Bilingual, PLUGIN_LIMITS, pluginMessages } from '@kerf/contract';
import { Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { readPluginPackage, sizeText } from './plugin-package.js';
import {
  lyingZip,
  SAMPLE_ENTRY,
  SAMPLE_SVG,
  sampleManifest,
  samplePackage,
  samplePng,
  zipOf,
} from './plugin-test-packages.js';

/** The refusal a package gets: its message and arguments, or null when it passes. */
async function refusal(zip: Buffer): Promise<{ message: Bilingual; args: unknown[]; status: number } | null> {
  try {
    await readPluginPackage(zip);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.text, args: error.args, status: error.status };
  }
}

/** A zip written as a stream, whose headers declare no sizes (they follow each file's data). */
function streamedZip(files: Record<string, string>): Buffer {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, text] of Object.entries(files)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(new TextEncoder().encode(text), true);
  }
  zip.end();
  return Buffer.concat(parts);
}

describe('plugin package checks', () => {
  it('reads a valid package: the manifest with its defaults, the entry and the icon', async () => {
    const read = await readPluginPackage(samplePackage({ permissions: undefined }));
    expect(read.manifest).toMatchObject({ id: 'acme.square', version: '1.0.0', entry: 'index.js', permissions: [] });
    expect(read.entry.toString()).toBe(SAMPLE_ENTRY);
    expect(read.icon).toEqual({ bytes: Buffer.from(SAMPLE_SVG), type: 'image/svg+xml' });

    const png = await samplePng();
    const withPng = await readPluginPackage(samplePackage({ icon: 'icon.png' }, { 'icon.png': png }));
    expect(withPng.icon).toEqual({ bytes: png, type: 'image/png' });
    const noIcon = await readPluginPackage(samplePackage({ icon: undefined }));
    expect(noIcon.icon).toBeNull();
  });

  it('reads a zip whose headers declare no sizes, as streaming zip writers make', async () => {
    const read = await readPluginPackage(
      streamedZip({
        'manifest.json': JSON.stringify(sampleManifest({ icon: undefined })),
        'index.js': SAMPLE_ENTRY,
      }),
    );
    expect(read.entry.toString()).toBe(SAMPLE_ENTRY);
  });

  it('refuses what is no zip, a cut-off zip and one without a manifest', async () => {
    expect(await refusal(Buffer.from('{"id":"acme.square"}'))).toMatchObject({ message: pluginMessages.packageNotZip });
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ message: pluginMessages.packageNotZip });
    const whole = samplePackage();
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toMatchObject({
      message: pluginMessages.packageNotZip,
    });
    expect(await refusal(zipOf({ 'index.js': SAMPLE_ENTRY }))).toMatchObject({
      message: pluginMessages.manifestMissing,
    });
    // only the top level counts
    expect(await refusal(zipOf({ 'square/manifest.json': JSON.stringify(sampleManifest()) }))).toMatchObject({
      message: pluginMessages.manifestMissing,
    });
  });

  it('names the first problem of a manifest that is not valid', async () => {
    const bad = async (manifest: string | Record<string, unknown>) =>
      refusal(
        zipOf({
          'manifest.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
          'index.js': SAMPLE_ENTRY,
          'icon.svg': SAMPLE_SVG,
        }),
      );
    expect(await bad('{"id": ')).toEqual({
      message: pluginMessages.manifestInvalid,
      args: ['not JSON text in UTF-8'],
      status: 400,
    });
    expect(await bad(sampleManifest({ version: '1.0' }))).toMatchObject({
      message: pluginMessages.manifestInvalid,
      args: ['version: a version such as 1.2.0'],
    });
    expect(await bad(sampleManifest({ id: 'Acme Square' }))).toMatchObject({
      args: ['id: lower-case letters and digits, joined by . or -'],
    });
    const twice = sampleManifest();
    (twice.parameters as unknown[]).push((twice.parameters as unknown[])[0]);
    expect(await bad(twice)).toMatchObject({ args: ['parameters.1.key: used twice'] });
    const tooLarge = await bad({ ...sampleManifest(), padding: 'x'.repeat(PLUGIN_LIMITS.manifestMaxBytes) });
    expect(tooLarge).toMatchObject({
      message: pluginMessages.manifestInvalid,
      args: [`larger than ${sizeText(PLUGIN_LIMITS.manifestMaxBytes)}`],
    });
  });

  it('refuses a missing or oversized entry and a missing or wrong icon', async () => {
    expect(await refusal(zipOf({ 'manifest.json': JSON.stringify(sampleManifest({ entry: 'main.js' })) }))).toEqual({
      message: pluginMessages.entryMissing,
      args: ['main.js'],
      status: 400,
    });
    expect(await refusal(samplePackage({}, { 'index.js': `/*${' '.repeat(PLUGIN_LIMITS.entryMaxBytes)}*/` }))).toEqual({
      message: pluginMessages.entryTooLarge,
      args: ['1 MB'],
      status: 400,
    });
    expect(await refusal(samplePackage({ icon: 'logo.png' }))).toEqual({
      message: pluginMessages.iconMissing,
      args: ['logo.png'],
      status: 400,
    });
    const iconInvalid = { message: pluginMessages.iconInvalid, args: ['256 KB'], status: 400 };
    // an SVG named .png, a picture that is no SVG, and an SVG over the limit
    expect(await refusal(samplePackage({ icon: 'icon.png' }, { 'icon.png': SAMPLE_SVG }))).toEqual(iconInvalid);
    expect(await refusal(samplePackage({}, { 'icon.svg': await samplePng() }))).toEqual(iconInvalid);
    const hugeSvg = `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(PLUGIN_LIMITS.iconMaxBytes)}--></svg>`;
    expect(await refusal(samplePackage({}, { 'icon.svg': hugeSvg }))).toEqual(iconInvalid);
  });

  it('stops a zip bomb by what its headers declare and by what actually comes out', async () => {
    const entryTooLarge = { message: pluginMessages.entryTooLarge, args: ['1 MB'], status: 400 };
    const manifest = JSON.stringify(sampleManifest({ icon: undefined }));
    // honest headers: 16 MB of zeros in some 16 KB, refused before inflating
    const bomb = 16 * 1024 * 1024;
    const honest = lyingZip('index.js', bomb, bomb, { 'manifest.json': manifest });
    expect(honest.length).toBeLessThan(PLUGIN_LIMITS.packageMaxBytes);
    // lying headers: they declare 100 bytes; inflating stops past the limit
    const lying = lyingZip('index.js', bomb, 100, { 'manifest.json': manifest });
    const manifestBomb = lyingZip('manifest.json', bomb, 100);
    expect(await refusal(honest)).toEqual(entryTooLarge);
    expect(await refusal(lying)).toEqual(entryTooLarge);
    expect(await refusal(manifestBomb)).toMatchObject({ message: pluginMessages.manifestInvalid });
  });

  it('refuses a package over the size limit as too large (413)', async () => {
    const large = Buffer.concat([samplePackage(), Buffer.alloc(PLUGIN_LIMITS.packageMaxBytes)]);
    expect(await refusal(large)).toEqual({ message: pluginMessages.packageTooLarge, args: ['2 MB'], status: 413 });
  });
});
