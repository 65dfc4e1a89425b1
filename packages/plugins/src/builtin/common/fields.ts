import type { Bilingual, PluginParameter } from '@kerf/contract';

interface LengthExtras {
  help?: Bilingual;
  when?: { key: string; in: boolean[] };
  step?: number;
}

/** A length in millimetres for a manifest's parameter list, in 0.1 mm steps unless told otherwise. */
export function lengthField(
  key: string,
  label: Bilingual,
  value: number,
  min: number,
  max: number,
  extra: LengthExtras = {},
): PluginParameter {
  const { step = 0.1, ...rest } = extra;
  return { key, type: 'number', label, default: value, min, max, step, unit: 'mm', ...rest };
}
