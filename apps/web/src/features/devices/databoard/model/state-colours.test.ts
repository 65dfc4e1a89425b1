import { DEVICE_RUNTIME_STATES } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { STATE_TONE } from '../../model/device-state';
import { STACK_PARTS } from './stat-maths';
import { partColour, STATE_COLOUR, tint } from './state-colours';

describe('state colours in the charts', () => {
  it('gives every state its own colour', () => {
    const colours = DEVICE_RUNTIME_STATES.map((state) => STATE_COLOUR[state]);
    expect(new Set(colours).size).toBe(DEVICE_RUNTIME_STATES.length);
  });

  it('follows the tone of the state’s tag', () => {
    expect(STATE_TONE.running).toBe('processing');
    expect(STATE_COLOUR.running).toBe('#1677ff');
    expect(STATE_COLOUR.idle).toBe('#52c41a');
    expect(STATE_COLOUR.abnormal).toBe('#ff4d4f');
    expect(STATE_COLOUR.paused).toBe('#faad14');
    // states of the same tone get shades of it
    expect(STATE_COLOUR.noResponse).toBe('#ffd666');
    expect([STATE_COLOUR.softShutdown, STATE_COLOUR.offline, STATE_COLOUR.other]).toEqual([
      '#8c8c8c',
      '#bfbfbf',
      '#d9d9d9',
    ]);
  });

  it('colours each stacked part as the state it stands for', () => {
    expect(partColour('processing')).toBe(STATE_COLOUR.running);
    expect(partColour('fault')).toBe(STATE_COLOUR.abnormal);
    expect(new Set(STACK_PARTS.map(partColour)).size).toBe(STACK_PARTS.length);
  });

  it('tints towards white', () => {
    expect(tint('#86A500', 0)).toBe('#86a500');
    expect(tint('#86A500', 1)).toBe('#ffffff');
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('not a colour', 0.5)).toBe('not a colour');
  });
});
