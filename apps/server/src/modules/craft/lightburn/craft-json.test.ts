import { craftInputSchema } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { readCraftFile } from './craft-file.js';
import { readCraftJson, writeCraftJson } from './craft-json.js';
import type { CraftDefaults } from './craft-library.js';

const DEFAULTS: CraftDefaults = { machineModel: 'KX-1390', laserType: 'fiber', powerClass: 30 };
const CRAFT = craftInputSchema.parse({
  material: '不锈钢',
  thickness: null,
  machineModel: 'FM-20',
  laserType: 'fiber',
  powerClass: 20,
  name: 'Black mark',
  passes: [{ mode: 'fill', minPower: 18, maxPower: 18, speed: 150, frequency: 250_000, pulseWidth: 4 }],
});

describe('Kerf JSON craft library', () => {
  it('writes the format, version, name and every field of every craft', () => {
    const text = writeCraftJson('Shop', [CRAFT]);
    expect(JSON.parse(text)).toEqual({ format: 'kerf-crafts', version: 1, name: 'Shop', crafts: [CRAFT] });
    expect(readCraftFile(new TextEncoder().encode(text), 'shop.json', DEFAULTS)).toEqual({
      format: 'json',
      name: 'Shop',
      crafts: [CRAFT],
    });
  });

  it('fills in the machine a hand-written craft leaves out, and the schema defaults', () => {
    const text = JSON.stringify({
      format: 'kerf-crafts',
      version: 1,
      crafts: [
        { material: ' Brass ', name: 'Polish', passes: [{ mode: 'fill', minPower: 25, maxPower: 25, speed: 3000 }] },
      ],
    });
    const { name, crafts } = readCraftJson(text, DEFAULTS);
    expect(name).toBe('');
    expect(crafts[0]).toMatchObject({ material: 'Brass', machineModel: 'KX-1390', laserType: 'fiber', powerClass: 30 });
    expect(crafts[0]!.passes[0]).toMatchObject({ repeat: 1, interval: 0.1, bidirectional: true, airAssist: false });
  });
});
