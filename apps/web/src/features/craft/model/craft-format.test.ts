import type { CraftPass } from '@kerf/contract';
import { craftPassSchema } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  craftTitle,
  firstPass,
  formatNumber,
  frequencyText,
  passModes,
  powerRangeText,
  thicknessText,
  totalRuns,
} from './craft-format';

const pass = (more: Partial<CraftPass>): CraftPass =>
  craftPassSchema.parse({ mode: 'cut', minPower: 55, maxPower: 65, speed: 15, ...more });

describe('craft values for people', () => {
  it('writes numbers without trailing zeros, with units', () => {
    expect(formatNumber(0.3)).toBe('0.3');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(15)).toBe('15');
    expect(thicknessText(3, 'any')).toBe('3 mm');
    expect(thicknessText(null, '任意厚度')).toBe('任意厚度');
  });

  it('summarises power as a range, or one figure when min and max agree', () => {
    expect(powerRangeText(pass({}))).toBe('55–65%');
    expect(powerRangeText(pass({ minPower: 50, maxPower: 50 }))).toBe('50%');
  });

  it('puts frequencies in the unit people set', () => {
    expect(frequencyText(500)).toBe('500 Hz');
    expect(frequencyText(30_000)).toBe('30 kHz');
    expect(frequencyText(1_200_000)).toBe('1.2 MHz');
  });

  it('lists the modes of the passes once each, in order, and counts runs', () => {
    const leather = { passes: [pass({ mode: 'fill' }), pass({ mode: 'cut', repeat: 2 }), pass({ mode: 'fill' })] };
    expect(passModes(leather)).toEqual(['fill', 'cut']);
    expect(firstPass(leather)?.mode).toBe('fill');
    expect(totalRuns(leather)).toBe(4);
    expect(firstPass({ passes: [] })).toBeUndefined();
  });

  it('titles a craft by material, thickness and name', () => {
    expect(craftTitle({ material: 'MDF', thickness: 3, name: 'Cut' }, 'any')).toBe('MDF · 3 mm · Cut');
  });
});
