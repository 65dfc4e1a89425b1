import type { Craft, CraftInput, CraftMode, CraftPass } from '@kerf/contract';

/**
 * How craft values read in the table and the detail drawer: numbers without trailing zeros, each with
 * its unit, so "60 W", "3 mm", "55–65%" and "30 kHz" are never bare figures.
 */

/** At most three decimals, trailing zeros dropped: 0.3, 15, 0.025. */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toFixed(3))) : '';
}

export const withUnit = (value: number, unit: string) => `${formatNumber(value)} ${unit}`;

/** `3 mm`, or the words for "any thickness" (engraving crafts carry none). */
export function thicknessText(thickness: number | null, anyThickness: string): string {
  return thickness === null ? anyThickness : withUnit(thickness, 'mm');
}

/** `55–65%`, or `50%` when min and max are the same. */
export function powerRangeText(pass: Pick<CraftPass, 'minPower' | 'maxPower'>): string {
  return pass.minPower === pass.maxPower
    ? `${formatNumber(pass.maxPower)}%`
    : `${formatNumber(pass.minPower)}–${formatNumber(pass.maxPower)}%`;
}

/** Hz in the unit people set on a fibre source: `500 Hz`, `30 kHz`, `1.2 MHz`. */
export function frequencyText(hz: number): string {
  if (hz >= 1_000_000) return withUnit(hz / 1_000_000, 'MHz');
  if (hz >= 1000) return withUnit(hz / 1000, 'kHz');
  return withUnit(hz, 'Hz');
}

/** The modes of a craft's passes, each once, in pass order (a leather craft: fill, then cut). */
export function passModes(craft: Pick<CraftInput, 'passes'>): CraftMode[] {
  return [...new Set(craft.passes.map((pass) => pass.mode))];
}

/** The pass the table summarises: the first one, which sets up the job. */
export function firstPass(craft: Pick<CraftInput, 'passes'>): CraftPass | undefined {
  return craft.passes[0];
}

/** How many times the laser goes over the work in all: each pass times its repeat. */
export function totalRuns(craft: Pick<CraftInput, 'passes'>): number {
  return craft.passes.reduce((sum, pass) => sum + pass.repeat, 0);
}

/** A short line for a craft in lists and confirmations: `亚克力 Cast acrylic · 3 mm · 切割 Cut`. */
export function craftTitle(craft: Pick<Craft, 'material' | 'thickness' | 'name'>, anyThickness: string): string {
  return [craft.material, thicknessText(craft.thickness, anyThickness), craft.name].join(' · ');
}
