import type { PluginParameter } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { atDefaults, checkInputs, initialInputs, paramProblem, visibleParameters } from './param-inputs';

const label = (en: string) => ({ 'zh-CN': en, en });

const parameters: PluginParameter[] = [
  { key: 'width', type: 'number', label: label('Width'), default: 100, min: 5, max: 2000, step: 0.1, unit: 'mm' },
  { key: 'teeth', type: 'integer', label: label('Teeth'), default: 20, min: 6, max: 300 },
  { key: 'lid', type: 'boolean', label: label('Lid'), default: true },
  {
    key: 'pattern',
    type: 'select',
    label: label('Pattern'),
    default: 'straight',
    options: [
      { value: 'straight', label: label('Straight') },
      { value: 'wave', label: label('Wave') },
    ],
  },
  {
    key: 'amplitude',
    type: 'number',
    label: label('Amplitude'),
    default: 2,
    min: 0.5,
    when: { key: 'pattern', in: ['wave'] },
  },
  { key: 'text', type: 'text', label: label('Text'), default: 'Kerf', maxLength: 8, multiline: true },
];

describe('the parameters form model', () => {
  it('starts from the defaults, keeping earlier values only where they still suit', () => {
    expect(initialInputs(parameters)).toEqual({
      width: 100,
      teeth: 20,
      lid: true,
      pattern: 'straight',
      amplitude: 2,
      text: 'Kerf',
    });
    const kept = initialInputs(parameters, { width: 150, teeth: 3, pattern: 'zigzag', text: 'Hello', other: 1 });
    expect(kept.width).toBe(150);
    expect(kept.teeth).toBe(20);
    expect(kept.pattern).toBe('straight');
    expect(kept.text).toBe('Hello');
    expect(kept).not.toHaveProperty('other');
  });

  it('names what is wrong with a field', () => {
    const [width, teeth, lid, pattern, , text] = parameters as [
      PluginParameter,
      PluginParameter,
      PluginParameter,
      PluginParameter,
      PluginParameter,
      PluginParameter,
    ];
    expect(paramProblem(width, null)).toEqual({ kind: 'required' });
    expect(paramProblem(width, 4.9)).toEqual({ kind: 'belowMin', min: 5 });
    expect(paramProblem(width, 2000.5)).toEqual({ kind: 'aboveMax', max: 2000 });
    expect(paramProblem(width, 12.5)).toBeNull();
    expect(paramProblem(teeth, 12.5)).toEqual({ kind: 'notWhole' });
    expect(paramProblem(teeth, Number.NaN)).toEqual({ kind: 'required' });
    expect(paramProblem(lid, 'yes')).toEqual({ kind: 'required' });
    expect(paramProblem(pattern, 'zigzag')).toEqual({ kind: 'notOption' });
    expect(paramProblem(text, 'much too long')).toEqual({ kind: 'tooLong', maxLength: 8 });
    expect(paramProblem(text, '')).toBeNull();
  });

  it('shows a parameter only while its condition holds', () => {
    const keys = (inputs: Record<string, unknown>) =>
      visibleParameters(parameters, { ...initialInputs(parameters), ...inputs } as never).map((p) => p.key);
    expect(keys({})).not.toContain('amplitude');
    expect(keys({ pattern: 'wave' })).toContain('amplitude');
  });

  it('gives the run its values, or the problems of the shown fields', () => {
    const inputs = { ...initialInputs(parameters), width: 120, teeth: 400 };
    const failed = checkInputs(parameters, inputs);
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.problems).toEqual({ teeth: { kind: 'aboveMax', max: 300 } });
    expect(failed.first.key).toBe('teeth');

    const passed = checkInputs(parameters, { ...inputs, teeth: 40 });
    expect(passed).toEqual({
      ok: true,
      values: { width: 120, teeth: 40, lid: true, pattern: 'straight', amplitude: 2, text: 'Kerf' },
    });
  });

  it('runs a hidden field that does not do with its default, and checks it once shown', () => {
    const inputs = { ...initialInputs(parameters), amplitude: null };
    const hidden = checkInputs(parameters, inputs);
    expect(hidden.ok && hidden.values.amplitude).toBe(2);
    const shown = checkInputs(parameters, { ...inputs, pattern: 'wave' });
    expect(shown.ok).toBe(false);
    if (!shown.ok) expect(shown.problems.amplitude).toEqual({ kind: 'required' });
  });

  it('knows when the fields are back at their defaults', () => {
    const inputs = initialInputs(parameters);
    expect(atDefaults(parameters, inputs)).toBe(true);
    expect(atDefaults(parameters, { ...inputs, lid: false })).toBe(false);
  });
});
