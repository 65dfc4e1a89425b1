import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState } from '@kerf/contract';
import { STATE_TONE } from '../../model/device-state';
import type { StackPart } from './stat-maths';

type Tone = (typeof STATE_TONE)[DeviceRuntimeState];

/**
 * Ant Design's status colours (what a state's tag or badge shows), one shade per state of the same
 * tone so two slices of a doughnut never look alike. The app's theme changes only the primary colour.
 */
const TONE_SHADES: Record<Tone, readonly string[]> = {
  success: ['#52c41a'],
  processing: ['#1677ff'],
  warning: ['#faad14', '#ffd666'],
  error: ['#ff4d4f'],
  default: ['#8c8c8c', '#bfbfbf', '#d9d9d9'],
};

function colourByState(): Record<DeviceRuntimeState, string> {
  const used: Partial<Record<Tone, number>> = {};
  const out = {} as Record<DeviceRuntimeState, string>;
  for (const state of DEVICE_RUNTIME_STATES) {
    const tone = STATE_TONE[state];
    const shades = TONE_SHADES[tone];
    const index = used[tone] ?? 0;
    used[tone] = index + 1;
    out[state] = shades[Math.min(index, shades.length - 1)]!;
  }
  return out;
}

/** Each runtime state's colour in the charts, following its tag's tone (device-state.ts STATE_TONE). */
export const STATE_COLOUR: Readonly<Record<DeviceRuntimeState, string>> = Object.freeze(colourByState());

/** The runtime state each stacked part stands for, so a part wears that state's colour. */
const PART_STATE: Record<StackPart, DeviceRuntimeState> = {
  processing: 'running',
  paused: 'paused',
  fault: 'abnormal',
  idle: 'idle',
  otherOn: 'other',
  shutdown: 'softShutdown',
  offline: 'offline',
};

export function partColour(part: StackPart): string {
  return STATE_COLOUR[PART_STATE[part]];
}

/** The app's brand colour, the default theme colour (SPEC §1). */
export const BRAND_COLOUR = '#86A500';

/** `#rrggbb` lightened towards white by `amount` (0..1): a quieter twin of a series colour. */
export function tint(hex: string, amount: number): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return hex;
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (255 - c) * Math.min(1, Math.max(0, amount)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
