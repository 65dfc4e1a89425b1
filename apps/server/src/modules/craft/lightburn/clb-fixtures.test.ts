import { readFileSync } from 'node:fs';
import type { CraftInput } from '@kerf/contract';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { readClb } from './clb-read.js';
import { writeClb } from './clb-write.js';
import type { CraftDefaults } from './craft-library.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CO2: CraftDefaults = { machineModel: 'KX-1390', laserType: 'gas', powerClass: 60 };
const FIBER: CraftDefaults = { machineModel: 'FM-30', laserType: 'fiber', powerClass: 30 };

type Value = string | number;
interface Setting {
  type: string;
  values: [string, Value][];
}
interface Entry {
  attributes: Record<string, string>;
  settings: Setting[];
}
interface Material {
  name: string;
  entries: Entry[];
}

/** A library as materials → entries → settings, numbers compared as numbers ("12.50" is 12.5). */
function libraryTree(xml: string): { name: string; materials: Material[] } {
  const parser = new SaxesParser({ xmlns: false });
  const tree = { name: '', materials: [] as Material[] };
  const path: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    const material = tree.materials.at(-1);
    const entry = material?.entries.at(-1);
    if (path.length === 1) tree.name = tag.attributes.DisplayName ?? '';
    else if (path.length === 2) tree.materials.push({ name: tag.attributes.name ?? '', entries: [] });
    else if (path.length === 3) {
      // The export adds Kerf's own attributes; they are the one difference allowed.
      const attributes = Object.entries(tag.attributes).filter(([name]) => !name.startsWith('Kerf'));
      material!.entries.push({ attributes: Object.fromEntries(attributes), settings: [] });
    } else if (path.length === 4) entry!.settings.push({ type: tag.attributes.type ?? '', values: [] });
    else {
      const raw = tag.attributes.Value ?? '';
      const value = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
      entry!.settings.at(-1)!.values.push([tag.name, value]);
    }
  });
  parser.on('closetag', () => path.pop());
  parser.write(xml).close();
  return tree;
}

const craftNamed = (crafts: CraftInput[], material: string, name: string, thickness: number | null = null) => {
  const found = crafts.find((c) => c.material === material && c.name === name && c.thickness === thickness);
  if (!found) throw new Error(`no craft ${material} / ${name} / ${thickness}`);
  return found;
};

describe.each([
  ['co2-60w-shop.clb', CO2, 'Shop CO2 60W', 12],
  ['fiber-30w-marking.clb', FIBER, 'Fiber 30W marking', 6],
  ['mixed-library.clb', CO2, 'Mixed & tested', 7],
] as const)('LightBurn library %s', (file, defaults, libraryName, count) => {
  const original = fixture(file);
  const library = readClb(original, defaults);

  it('imports every entry with the machine taken from the defaults', () => {
    expect(library).toMatchObject({ format: 'clb', name: libraryName });
    expect(library.crafts).toHaveLength(count);
    for (const craft of library.crafts) {
      expect(craft).toMatchObject({ ...defaults, description: '' });
    }
  });

  it('exports back to the same library, with Kerf attributes as the only addition', () => {
    const exported = writeClb(libraryName, library.crafts);
    expect(libraryTree(exported)).toEqual(libraryTree(original));
    expect(exported).toContain(`KerfMachineModel="${defaults.machineModel}"`);
    expect(exported).toContain(`KerfPowerClass="${defaults.powerClass}"`);
    // the export reads back to the same crafts, and exports to the same text again
    const again = readClb(exported, { machineModel: 'other', laserType: 'gas', powerClass: 1 });
    expect(again.crafts).toEqual(library.crafts);
    expect(writeClb(libraryName, again.crafts)).toBe(exported);
  });

  it('writes the indentation LightBurn writes', () => {
    const exported = writeClb(libraryName, library.crafts);
    expect(
      exported
        .split('\n')
        .slice(0, 5)
        .map((line) => line.match(/^ */)![0].length),
    ).toEqual([0, 0, 4, 8, 12]);
  });
});

describe('mapping LightBurn values', () => {
  it('reads cuts, engravings and air assist from the CO2 shop library', () => {
    const { crafts } = readClb(fixture('co2-60w-shop.clb'), CO2);
    const ply3 = craftNamed(crafts, 'Birch plywood', 'Cut', 3);
    expect(ply3.passes).toEqual([
      expect.objectContaining({ mode: 'cut', minPower: 55, maxPower: 65, speed: 12, repeat: 1, airAssist: true }),
    ]);
    expect(ply3.passes[0]!.lightburn!.unknown).toEqual([
      ['index', '0'],
      ['name', 'C00'],
      ['priority', '2'],
    ]);
    expect(ply3.lightburn).toEqual([['NoThickTitle', '']]);
    expect(craftNamed(crafts, 'Birch plywood', 'Cut', 6).passes[0]).toMatchObject({
      repeat: 2,
      zStep: 1.5,
      kerfOffset: 0.12,
      speed: 6.5,
    });
    expect(craftNamed(crafts, 'Birch plywood', 'Engrave text').passes[0]).toMatchObject({
      mode: 'fill',
      interval: 0.1,
      bidirectional: true,
      airAssist: false,
    });
    expect(craftNamed(crafts, '亚克力 (铸造)', '切割', 5).passes[0]).toMatchObject({ zOffset: -1, airAssist: false });
    expect(craftNamed(crafts, '皮革 Leather', 'Engrave', 2).passes[0]).toMatchObject({ bidirectional: false });
    expect(craftNamed(crafts, 'Cardstock 300gsm', 'Score', 0.35).passes[0]).toMatchObject({ minPower: 6, speed: 120 });
  });

  it('reads frequency, pulse width and cross-hatching from the fibre library', () => {
    const { crafts } = readClb(fixture('fiber-30w-marking.clb'), FIBER);
    expect(craftNamed(crafts, '阳极氧化铝 Anodised aluminium', 'White mark').passes[0]).toMatchObject({
      mode: 'fill',
      frequency: 40_000,
      pulseWidth: 200,
      interval: 0.03,
      angle: 45,
      crossHatch: true,
    });
    expect(craftNamed(crafts, '不锈钢 304', 'Deep engrave').passes[0]).toMatchObject({
      repeat: 20,
      zStep: 0.02,
      minPower: 95,
      maxPower: 100,
    });
    expect(craftNamed(crafts, '不锈钢 304', 'Black anneal').passes[0]).toMatchObject({
      frequency: 250_000,
      zOffset: 2.5,
    });
    expect(craftNamed(crafts, '不锈钢 304', 'Shim cut', 0.5).passes[0]).toMatchObject({
      mode: 'cut',
      kerfOffset: 0.015,
    });
  });

  it('reads sub-layers, images, dithers and the odd types from the mixed library', () => {
    const { crafts } = readClb(fixture('mixed-library.clb'), CO2);
    const both = craftNamed(crafts, 'Birch plywood', 'Engrave then cut', 3.175);
    expect(both.lightburn).toEqual([
      ['NoThickTitle', ''],
      ['Favorite', '1'],
    ]);
    expect(both.passes.map((p) => [p.mode, p.minPower, p.maxPower, p.speed])).toEqual([
      ['fill', 20, 25.5, 400],
      ['cut', 60, 65, 12],
    ]);
    expect(both.passes[1]!.lightburn!.unknown).toContainEqual([
      'LinkPath',
      'C:\\Users\\shop\\Documents\\LightBurn\\cut.lbrn2',
    ]);

    const maple = craftNamed(crafts, 'Birch plywood', 'Photo "maple" <fine>');
    expect(maple.passes[0]).toMatchObject({ mode: 'image', interval: 0.0847, overscan: 3 });
    expect(maple.passes[0]!.bitmap).toMatchObject({ dither: 'jarvis', dpiX: 300, dpiY: 300, invert: false });

    const slate = craftNamed(crafts, 'Slate', 'Photo').passes[0]!;
    expect(slate.bitmap).toMatchObject({ dither: 'halftone', slope: 22.5, dpiX: 254, invert: true });
    expect(slate.airAssist).toBe(true);
    // "newsprint" reads as halftone, and is kept so the export says newsprint again
    expect(slate.lightburn!.unknown).toContainEqual(['ditherMode', 'newsprint']);
    const sketch = craftNamed(crafts, 'Slate', 'Sketch').passes[0]!;
    expect(sketch.bitmap).toMatchObject({ dither: 'greyscale', dpiX: 200, dpiY: 200 });
    expect(sketch.lightburn!.unknown).toContainEqual(['ditherMode', 'sketch']);

    const fillAndOutline = craftNamed(crafts, 'Acrylic & mirror', 'Fill and outline', 3);
    expect(fillAndOutline.passes[0]).toMatchObject({ mode: 'fill', crossHatch: true, angle: 45 });
    expect(fillAndOutline.passes[0]!.lightburn!.type).toBe('Scan+Cut');
    expect(fillAndOutline.lightburn).toEqual([
      ['NoThickTitle', ''],
      ['LayerColor', '#ff0000'],
    ]);
    const offset = craftNamed(crafts, 'Acrylic & mirror', 'Offset fill', 3);
    expect(offset.passes.map((p) => [p.mode, p.lightburn?.type])).toEqual([
      ['fill', 'Offset Fill'],
      ['cut', 'Cut'],
    ]);
    expect(offset.passes[1]).toMatchObject({ repeat: 3, zStep: 0.8, kerfOffset: -0.05, airAssist: true });
    expect(craftNamed(crafts, 'Cork', 'Mark, engrave, cut', 4).passes.map((p) => p.mode)).toEqual([
      'cut',
      'fill',
      'cut',
    ]);
  });
});
