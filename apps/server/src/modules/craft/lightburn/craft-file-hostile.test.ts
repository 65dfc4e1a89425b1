import { CRAFT_LIMITS, type CraftMessageKey } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { readClb } from './clb-read.js';
import { readCraftFile } from './craft-file.js';
import { CraftFileError } from './craft-file-error.js';
import type { CraftDefaults } from './craft-library.js';

const DEFAULTS: CraftDefaults = { machineModel: '', laserType: 'gas', powerClass: 60 };
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The error a file is refused with; fails if it is read, or refused by anything but a CraftFileError. */
function refusal(read: () => unknown): CraftFileError {
  try {
    read();
  } catch (error) {
    if (error instanceof CraftFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

function expectRefused(bytes: Uint8Array | string, key: CraftMessageKey, fileName = 'library.clb'): CraftFileError {
  const started = performance.now();
  const error = refusal(() => readCraftFile(typeof bytes === 'string' ? utf8(bytes) : bytes, fileName, DEFAULTS));
  expect(performance.now() - started, 'refused quickly').toBeLessThan(1000);
  expect(error.key, error.message).toBe(key);
  return error;
}

const setting = (values: string) => `<CutSetting type="Cut">${values}</CutSetting>`;
const library = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<LightBurnLibrary DisplayName="x">\n<Material name="Plywood">\n${entries}\n</Material>\n</LightBurnLibrary>\n`;
const entry = (values: string, desc = 'Cut') => `<Entry Thickness="3" Desc="${desc}">${setting(values)}</Entry>`;
const CUT = '<minPower Value="55"/><maxPower Value="65"/><speed Value="12"/><numPasses Value="1"/>';
const GOOD = library(entry(CUT));

describe('hostile and broken library files', () => {
  it('reads the good file these cases are made from', () => {
    expect(readCraftFile(utf8(GOOD), 'x.clb', DEFAULTS).crafts).toHaveLength(1);
    // with a byte order mark, and the content deciding the format whatever the name says
    expect(readCraftFile(utf8(`\ufeff  ${GOOD}`), 'x.json', DEFAULTS).format).toBe('clb');
  });

  it('refuses DTDs and entity declarations before parsing', () => {
    const laughs = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY l0 "lol">${laughs}]><LightBurnLibrary DisplayName="&l10;"/>`;
    expectRefused(bomb, 'importDoctype');
    expectRefused(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><LightBurnLibrary><Material name="&e;"/></LightBurnLibrary>',
      'importDoctype',
    );
    expectRefused(`<!DOCTYPE LightBurnLibrary>${GOOD.replace(/^<\?xml[^>]*>/, '')}`, 'importDoctype');
    expectRefused(GOOD.replace('<Material', '<!-- <!entity smuggled> --><Material'), 'importDoctype');
    // without a DTD an entity is simply undefined
    expect(expectRefused(GOOD.replace('Plywood', '&lol;'), 'importNotClb').args[0]).toMatch(/undefined entity/);
  });

  it('refuses a file over the size limit before decoding it', () => {
    expectRefused(new Uint8Array(CRAFT_LIMITS.importMaxBytes + 1).fill(0x20), 'importTooLarge');
  });

  it('refuses what is not a LightBurn library, saying why', () => {
    const svg = expectRefused('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'importNotClb');
    expect(svg.args).toEqual(['root element is svg, not LightBurnLibrary']);
    expect(svg.message).toBe('Not a valid LightBurn material library: root element is svg, not LightBurnLibrary');
    expect(expectRefused(GOOD.slice(0, GOOD.indexOf('</Material>')), 'importNotClb').args[0]).toMatch(
      /^unclosed tag: (Material|LightBurnLibrary) at line \d+$/,
    );
    expectRefused(GOOD.slice(0, 150), 'importNotClb');
    expectRefused(GOOD.replace('</Entry>', '</Entries>'), 'importNotClb');
    expectRefused(`${GOOD}<LightBurnLibrary/>`, 'importNotClb');
    expectRefused(`<LightBurnLibrary>${'<a>'.repeat(100_000)}`, 'importNotClb');
  });

  it('refuses binary junk and text that is neither XML nor JSON', () => {
    expectRefused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]), 'importUnknownFormat');
    expectRefused(
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
      'importUnknownFormat',
    );
    expectRefused('Material,Thickness,Speed\nPlywood,3,12\n', 'importUnknownFormat');
    expectRefused('', 'importUnknownFormat');
    expectRefused('<\u0001\u0002 binary', 'importNotClb');
  });

  it('refuses a craft with a value of the wrong kind, naming the craft and the rule', () => {
    const two = library(`${entry(CUT, 'First')}\n${entry(CUT.replace('"12"', '"fast"'), 'Second')}`);
    expect(expectRefused(two, 'importInvalidCraft').args).toEqual([2, 'Plywood / Second', '@craft.speedRange']);
    const cases: [string, string][] = [
      [CUT.replace('"55"', '"70"'), '@craft.powerOrder'],
      [CUT.replace('numPasses Value="1"', 'numPasses Value="2.5"'), '@craft.repeatRange'],
      [CUT.replace('"12"', '""'), '@craft.speedRange'],
      [CUT.replace('"12"', '"NaN"'), '@craft.speedRange'],
      [CUT.replace('"12"', '"1e999"'), '@craft.speedRange'],
      [CUT.replace('"12"', '"12mm/s"'), '@craft.speedRange'],
      [CUT.replace('"55"', '"-5"'), '@craft.powerRange'],
      [CUT.replace('<speed Value="12"/>', ''), '@craft.speedRange'],
      [`${CUT}<runBlower Value="yes"/>`, 'runBlower must be 0 or 1, not "yes"'],
      [`${CUT}<crossHatch Value="2"/>`, 'crossHatch must be 0 or 1, not "2"'],
    ];
    for (const [values, issue] of cases) {
      expect(expectRefused(library(entry(values)), 'importInvalidCraft').args, values).toEqual([
        1,
        'Plywood / Cut',
        issue,
      ]);
    }
    const vector = library(entry(CUT).replace('type="Cut"', 'type="Vector"'));
    expect(expectRefused(vector, 'importInvalidCraft').args[2]).toBe('@craft.modeInvalid');
    const thick = library(entry(CUT).replace('Thickness="3"', 'Thickness="thick"'));
    expect(expectRefused(thick, 'importInvalidCraft').args[2]).toBe('@craft.thicknessRange');
    const noPasses = library('<Entry Thickness="3" Desc="Empty"></Entry>');
    expect(expectRefused(noPasses, 'importInvalidCraft').args[2]).toBe('@craft.passesRequired');
    const laser = library(entry(CUT).replace('<Entry ', '<Entry KerfLaserType="diode" '));
    expect(expectRefused(laser, 'importInvalidCraft').args[2]).toBe('@craft.laserTypeInvalid');
    const image = library(
      entry(CUT).replace('type="Cut"', 'type="Image"').replace('<speed', '<dpi Value="9000"/><speed'),
    );
    expect(expectRefused(image, 'importInvalidCraft').message).toBe(
      'Craft 1 (Plywood / Cut) is not valid: The resolution must be between 25 and 2540 DPI',
    );
  });

  it('refuses more crafts than one import may hold, and a library without any', () => {
    const many = library(Array.from({ length: CRAFT_LIMITS.importMaxCrafts + 1 }, () => entry(CUT)).join('\n'));
    expectRefused(many, 'importTooMany');
    const most = library(Array.from({ length: CRAFT_LIMITS.importMaxCrafts }, () => entry(CUT)).join('\n'));
    expect(readClb(most, DEFAULTS).crafts).toHaveLength(CRAFT_LIMITS.importMaxCrafts);
    expectRefused('<LightBurnLibrary DisplayName="x"></LightBurnLibrary>', 'importEmpty');
    expectRefused(
      '<LightBurnLibrary DisplayName="x"><Material name="Oak"/><Other><Entry/></Other></LightBurnLibrary>',
      'importEmpty',
    );
  });

  it('refuses JSON that is not a Kerf craft library', () => {
    const craft = { material: 'Oak', name: 'Cut', passes: [{ mode: 'cut', minPower: 50, maxPower: 60, speed: 10 }] };
    const file = (fields: object) =>
      JSON.stringify({ format: 'kerf-crafts', version: 1, name: 'x', crafts: [craft], ...fields });
    expect(readCraftFile(utf8(file({})), 'x.json', DEFAULTS).crafts[0]).toMatchObject({
      laserType: 'gas',
      powerClass: 60,
    });
    expect(expectRefused(file({ format: 'lightburn' }), 'importNotJson').args[0]).toMatch(/^format: /);
    expect(expectRefused(file({ version: 2 }), 'importNotJson').args[0]).toMatch(/^version: /);
    expectRefused('{"format":"kerf-crafts","version":1,', 'importNotJson');
    expectRefused('{ this is not JSON }', 'importNotJson');
    expectRefused(file({ crafts: [] }), 'importEmpty');
    expectRefused(
      file({ crafts: Array.from({ length: CRAFT_LIMITS.importMaxCrafts + 1 }, () => craft) }),
      'importTooMany',
    );
    const broken = file({ crafts: [craft, { ...craft, passes: [{ ...craft.passes[0], speed: 'fast' }] }, 7] });
    expect(expectRefused(broken, 'importInvalidCraft').args).toEqual([2, 'Oak / Cut', '@craft.speedRange']);
    expect(expectRefused(file({ crafts: [7] }), 'importInvalidCraft').args[1]).toBe(' / ');
  });
});
