import type { PluginParamValue, PluginParamValues } from '@kerf/contract';

/**
 * Reading a run's parameter values. The host checks them against the manifest before a run, but a
 * plugin run straight from code (tests, the plugin page's first render) may leave some out, so every
 * reader falls back to the manifest's default.
 */

function value(params: PluginParamValues, key: string): PluginParamValue | undefined {
  return Object.hasOwn(params, key) ? params[key] : undefined;
}

export function numberParam(params: PluginParamValues, key: string, fallback: number): number {
  const v = value(params, key);
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
}

export function integerParam(params: PluginParamValues, key: string, fallback: number): number {
  return Math.round(numberParam(params, key, fallback));
}

export function booleanParam(params: PluginParamValues, key: string, fallback: boolean): boolean {
  const v = value(params, key);
  return typeof v === 'boolean' ? v : fallback;
}

export function textParam(params: PluginParamValues, key: string, fallback: string): string {
  const v = value(params, key);
  return typeof v === 'string' ? v : fallback;
}

/** One of `choices`; anything else reads as the fallback. */
export function choiceParam<T extends string>(
  params: PluginParamValues,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const v = value(params, key);
  const s = typeof v === 'number' ? String(v) : v;
  return choices.find((c) => c === s) ?? fallback;
}
