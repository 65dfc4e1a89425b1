import { type CraftInput, craftInputSchema } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { readClb } from './clb-read.js';
import { escapeXmlAttribute, writeClb } from './clb-write.js';
import type { CraftDefaults } from './craft-library.js';

const DEFAULTS: CraftDefaults = { machineModel: 'KX-1390', laserType: 'gas', powerClass: 80 };

const ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<LightBurnLibrary DisplayName="One">
    <Material name="Acrylic">
        <Entry Thickness="3" Desc="Fill and outline" NoThickTitle="">
            <CutSetting type="Scan+Cut">
                <index Value="5"/>
                <minPower Value="15"/>
                <maxPower Value="20"/>
                <speed Value="200"/>
                <numPasses Value="1"/>
                <priority Value="3"/>
            </CutSetting>
        </Entry>
    </Material>
</LightBurnLibrary>
`;

const settingLines = (xml: string) =>
  xml
    .split('\n')
    .filter((line) => line.includes('Value='))
    .map((line) => line.trim());

describe('writeClb', () => {
  it('keeps a LightBurn entry as it was, unknown values in their places', () => {
    const [craft] = readClb(ENTRY, DEFAULTS).crafts;
    expect(settingLines(writeClb('One', [craft!]))).toEqual(settingLines(ENTRY));
    expect(writeClb('One', [craft!])).toContain('<CutSetting type="Scan+Cut">');
  });

  it('writes a changed value, a value that left its default, and the usual type for a changed mode', () => {
    const [craft] = readClb(ENTRY, DEFAULTS).crafts;
    const pass = craft!.passes[0]!;
    const edited: CraftInput = { ...craft!, passes: [{ ...pass, mode: 'cut', speed: 180, airAssist: true }] };
    const xml = writeClb('One', [edited]);
    expect(xml).toContain('<CutSetting type="Cut">');
    expect(settingLines(xml)).toEqual([
      '<index Value="5"/>',
      '<minPower Value="15"/>',
      '<maxPower Value="20"/>',
      '<speed Value="180"/>',
      '<numPasses Value="1"/>',
      '<priority Value="3"/>',
      '<runBlower Value="1"/>',
    ]);
    expect(readClb(xml, DEFAULTS).crafts[0]!.passes[0]).toMatchObject({ mode: 'cut', speed: 180, airAssist: true });
  });

  it('writes every value for a craft made in Kerf, and the machine as Kerf attributes', () => {
    const craft = craftInputSchema.parse({
      material: 'Oak',
      thickness: null,
      machineModel: 'P9',
      laserType: 'fiber',
      powerClass: 50,
      name: 'Photo',
      description: 'Two lines\nand a "quote"',
      passes: [
        { mode: 'image', minPower: 5, maxPower: 40, speed: 300, bitmap: { dither: 'bayer', dpiX: 300, dpiY: 150 } },
      ],
    });
    const xml = writeClb('Kerf', [craft]);
    expect(xml).toContain(
      '<Entry Thickness="-1" Desc="Photo" KerfMachineModel="P9" KerfLaserType="fiber" KerfPowerClass="50" KerfDescription="Two lines&#10;and a &quot;quote&quot;">',
    );
    expect(settingLines(xml).map((line) => line.split(' ')[0])).toEqual(
      [
        'minPower maxPower speed numPasses frequency QPulseWidth interval angle crossHatch bidir overscan runBlower',
        'kerf zOffset zPerPass ditherMode dpi negImage halftoneAngle KerfDpiY',
      ]
        .join(' ')
        .split(' ')
        .map((tag) => `<${tag}`),
    );
    expect(xml).toContain('<ditherMode Value="ordered"/>');
    expect(readClb(xml, DEFAULTS).crafts).toEqual([craft]);
  });

  it('writes names and values that would break the XML safely', () => {
    const craft = craftInputSchema.parse({
      material: 'A & B <"C">',
      laserType: 'gas',
      powerClass: 40,
      name: "it's > 1",
      description: 'tab\there\r\nbell\u0007 gone, DEL\u007f kept',
      passes: [
        { mode: 'cut', minPower: 1, maxPower: 2, speed: 3, lightburn: { type: 'Cut', unknown: [['bad name', 'x']] } },
      ],
      lightburn: [
        ['Desc', 'not twice'],
        ['ok', '&<>"'],
        ['ok', 'duplicate'],
        ['1bad', 'x'],
      ],
    });
    const xml = writeClb('L & "M"', [craft]);
    expect(xml).toContain('DisplayName="L &amp; &quot;M&quot;"');
    expect(xml).toContain('<Material name="A &amp; B &lt;&quot;C&quot;&gt;">');
    expect(xml).not.toContain('bad name');
    const back = readClb(xml, DEFAULTS).crafts[0]!;
    expect(back).toMatchObject({ material: 'A & B <"C">', name: "it's > 1", lightburn: [['ok', '&<>"']] });
    expect(back.description).toBe('tab\there\r\nbell gone, DEL\u007f kept');
  });

  it('escapes attribute text, dropping what XML 1.0 cannot hold', () => {
    expect(escapeXmlAttribute('a&b<c>d"e\'f')).toBe("a&amp;b&lt;c&gt;d&quot;e'f");
    expect(escapeXmlAttribute('\t\n\r\u0085')).toBe('&#9;&#10;&#13;&#133;');
    expect(escapeXmlAttribute('\u0000\u001f\ufffe x \ud800 y \udc00')).toBe(' x  y ');
    expect(escapeXmlAttribute('材料 😀')).toBe('材料 😀');
  });
});
