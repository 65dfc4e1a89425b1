import { type CraftInput, craftInputSchema } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { BITMAP_DEFAULTS, checkCraftForm, draftOf, formValuesOf, newPassValues, pathKey } from './craft-form';

const leather: CraftInput = craftInputSchema.parse({
  material: '植鞣皮革 Veg-tan leather',
  thickness: 2,
  machineModel: 'K-01',
  laserType: 'gas',
  powerClass: 60,
  name: '雕刻并切割 Engrave then cut',
  description: 'tested',
  passes: [
    { mode: 'image', minPower: 10, maxPower: 20, speed: 250, bitmap: { dither: 'jarvis', dpiX: 300, dpiY: 300 } },
    { mode: 'cut', minPower: 40, maxPower: 45, speed: 20, lightburn: { type: 'Cut', unknown: [['tabSize', '0.5']] } },
  ],
  lightburn: [['CustomKey', '1']],
});

describe('the craft form', () => {
  it('round-trips a stored craft, LightBurn extras included', () => {
    const values = formValuesOf(leather);
    const check = checkCraftForm(values, 'zh-CN');
    expect(check).toEqual({ ok: true, input: leather });
  });

  it('keeps bitmap settings while a pass is not an image, and sends them only for images', () => {
    const values = formValuesOf(leather);
    values.passes[0]!.mode = 'fill';
    const fill = checkCraftForm(values, 'en');
    expect(fill.ok && fill.input.passes[0]!.bitmap).toBeUndefined();
    expect(values.passes[0]!.bitmap.dither).toBe('jarvis');
    values.passes[0]!.mode = 'image';
    const image = checkCraftForm(values, 'en');
    expect(image.ok && image.input.passes[0]!.bitmap?.dpiX).toBe(300);
  });

  it('starts a new craft with one cut pass the schema accepts once named', () => {
    const blank = formValuesOf(undefined, { material: 'MDF' });
    expect(blank.material).toBe('MDF');
    expect(blank.passes).toHaveLength(1);
    const check = checkCraftForm({ ...blank, name: 'Cut' }, 'en');
    expect(check.ok).toBe(true);
    expect(newPassValues('image').bitmap).toEqual(BITMAP_DEFAULTS);
  });

  it("places each broken rule on its field, in the reader's language", () => {
    const values = formValuesOf(leather);
    values.name = '  ';
    values.passes[1]!.minPower = 80;
    values.passes[1]!.speed = null;
    const zh = checkCraftForm(values, 'zh-CN');
    expect(zh.ok).toBe(false);
    const byField = new Map(zh.ok ? [] : zh.problems.map((p) => [pathKey(p.name), p.message]));
    expect(byField.get('name')).toBe('请输入工艺名称');
    expect(byField.get('passes.1.speed')).toBe('速度须大于0且不超过20000mm/s');
    // the refinement runs only once the pass's own fields are valid
    values.passes[1]!.speed = 20;
    const en = checkCraftForm(values, 'en');
    expect(en.ok ? [] : en.problems).toContainEqual({
      name: ['passes', 1, 'minPower'],
      message: 'Min power cannot be above max power',
    });
  });

  it('reads an empty thickness as any thickness and an empty power class as missing', () => {
    const values = { ...formValuesOf(leather), thickness: null, powerClass: null };
    expect((draftOf(values) as { thickness: unknown }).thickness).toBeNull();
    const check = checkCraftForm(values, 'en');
    expect(check.ok ? [] : check.problems.map((p) => pathKey(p.name))).toEqual(['powerClass']);
  });
});
