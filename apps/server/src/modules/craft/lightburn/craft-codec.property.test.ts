import { CRAFT_DITHERS, CRAFT_LIMITS, type CraftInput, craftInputSchema } from '@kerf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readClb } from './clb-read.js';
import { writeClb } from './clb-write.js';
import { readCraftJson, writeCraftJson } from './craft-json.js';
import type { CraftDefaults } from './craft-library.js';

// Defaults that no generated craft uses, so a field the file lost would show.
const DEFAULTS: CraftDefaults = { machineModel: 'never used', laserType: 'gas', powerClass: 99_999 };
const RUNS = { numRuns: 100 };

/** Characters that test the escaping: markup, quotes, Chinese, an emoji (a surrogate pair), plain ASCII. */
const character = fc.oneof(
  fc.constantFrom('&', '<', '>', '"', "'", ' ', ';', '#', '\\', '材', '料', '胶', '合', '板', '切', '割', 'é', '😀'),
  fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
);
/** Text the schema keeps as it is: trimmed, no control characters. */
const text = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: character, minLength, maxLength })
    .map((value) => value.trim())
    .filter((value) => value.length >= minLength);
const description = fc.string({ unit: fc.oneof(character, fc.constantFrom('\n', '\t', '\r\n')), maxLength: 60 });
const decimal = (min: number, max: number) =>
  fc.double({ noNaN: true, noDefaultInfinity: true, min, max }).map((value) => value + 0); // -0 is written as 0
const xmlName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,12}$/);

const bitmap = fc.record({
  dither: fc.constantFrom(...CRAFT_DITHERS),
  greyLevel: fc.integer({ min: 2, max: 256 }),
  dpiX: decimal(CRAFT_LIMITS.dpiMin, CRAFT_LIMITS.dpiMax),
  dpiY: fc.option(decimal(CRAFT_LIMITS.dpiMin, CRAFT_LIMITS.dpiMax), { nil: undefined }),
  scanDirection: fc.constantFrom('horizontal', 'vertical'),
  startPosition: fc.constantFrom('top-left', 'top-right', 'bottom-left', 'bottom-right'),
  slope: decimal(-360, 360),
  dot: fc.integer({ min: 1, max: 64 }),
  invert: fc.boolean(),
  threshold: fc.integer({ min: 0, max: 255 }),
});

const lightburnKeep = fc.record(
  {
    type: fc.constantFrom('Cut', 'Scan', 'Scan+Cut', 'Offset Fill', 'Image'),
    unknown: fc.array(
      fc.tuple(fc.oneof(xmlName, fc.constantFrom('priority', 'speed', 'ditherMode', 'dpi')), text(0, 12)),
      {
        maxLength: 4,
      },
    ),
    order: fc.array(fc.oneof(xmlName, fc.constantFrom('index', 'speed', 'interval', 'bidir', 'dpi', 'priority')), {
      maxLength: 8,
    }),
  },
  { requiredKeys: ['type', 'unknown'] },
);

const pass = (withKeep: boolean) =>
  fc
    .record({
      mode: fc.constantFrom('cut', 'fill', 'image'),
      powers: fc.tuple(decimal(0, 100), decimal(0, 100)),
      speed: decimal(0.1, 5000),
      frequency: fc.oneof(fc.constant(0), decimal(1000, 200_000)),
      pulseWidth: fc.oneof(fc.constant(0), decimal(1, 500)),
      repeat: fc.integer({ min: 1, max: CRAFT_LIMITS.repeatMax }),
      interval: decimal(0.005, 1),
      angle: decimal(-360, 360),
      crossHatch: fc.boolean(),
      bidirectional: fc.boolean(),
      overscan: decimal(0, 10),
      airAssist: fc.boolean(),
      zOffset: decimal(-10, 10),
      zStep: decimal(0, 5),
      kerfOffset: decimal(-0.5, 0.5),
      bitmap: fc.option(bitmap, { nil: undefined }),
      lightburn: withKeep ? fc.option(lightburnKeep, { nil: undefined }) : fc.constant(undefined),
    })
    .map(({ powers: [a, b], bitmap, ...rest }) => ({
      ...rest,
      minPower: Math.min(a, b),
      maxPower: Math.max(a, b),
      // LightBurn keeps image settings on Image layers only.
      bitmap: rest.mode === 'image' && bitmap ? { ...bitmap, dpiY: bitmap.dpiY ?? bitmap.dpiX } : undefined,
    }));

const entryAttributes = fc.uniqueArray(
  fc.tuple(
    xmlName.filter((name) => !['Thickness', 'Desc'].includes(name) && !name.startsWith('Kerf')),
    text(0, 16),
  ),
  // An entry without attributes of its own reads back with none: `[]` and no list are the same thing.
  { selector: ([name]) => name, minLength: 1, maxLength: 3 },
);

const craft = (withKeep: boolean) =>
  fc
    .record({
      material: fc.oneof(fc.constantFrom('Birch plywood', '亚克力', 'A & B'), text(1, CRAFT_LIMITS.materialMax / 2)),
      thickness: fc.option(decimal(0.01, CRAFT_LIMITS.thicknessMax), { nil: null }),
      machineModel: text(0, 20),
      laserType: fc.constantFrom('gas', 'fiber'),
      powerClass: fc.integer({ min: 1, max: CRAFT_LIMITS.powerClassMax }),
      name: text(1, 40),
      description,
      passes: fc.array(pass(withKeep), { minLength: 1, maxLength: 4 }),
      lightburn: fc.option(entryAttributes, { nil: undefined }),
    })
    .map((draft) => craftInputSchema.parse(draft));

const crafts = (withKeep: boolean) => fc.array(craft(withKeep), { minLength: 1, maxLength: 5 });

/** A .clb holds one Material per material, so crafts come back grouped by material, first seen first. */
function groupedByMaterial(list: CraftInput[]): CraftInput[] {
  const order = [...new Set(list.map((c) => c.material))];
  return order.flatMap((material) => list.filter((c) => c.material === material));
}

describe('craft libraries survive a round trip', () => {
  it('LightBurn: any valid crafts made in Kerf come back as they were', () => {
    fc.assert(
      fc.property(crafts(false), text(0, 30), (list, name) => {
        const back = readClb(writeClb(name, list), DEFAULTS);
        expect(back.name).toBe(name);
        expect(back.crafts).toEqual(groupedByMaterial(list));
      }),
      RUNS,
    );
  });

  it('LightBurn: crafts carrying any LightBurn record settle after one trip', () => {
    fc.assert(
      fc.property(crafts(true), (list) => {
        const once = writeClb('L', list);
        const first = readClb(once, DEFAULTS).crafts;
        const twice = writeClb('L', first);
        expect(twice).toBe(once);
        expect(readClb(twice, DEFAULTS).crafts).toEqual(first);
      }),
      RUNS,
    );
  });

  it('Kerf JSON: any valid crafts, LightBurn records included, come back as they were', () => {
    fc.assert(
      fc.property(crafts(true), text(0, 30), (list, name) => {
        const back = readCraftJson(writeCraftJson(name, list), DEFAULTS);
        expect(back).toEqual({ format: 'json', name, crafts: list });
      }),
      RUNS,
    );
  });
});
