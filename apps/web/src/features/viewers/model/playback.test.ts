import { describe, expect, it } from 'vitest';
import {
  CYCLE_MODE,
  clampVolume,
  currentLyricIndex,
  formatClock,
  initialPlaylist,
  nextCycleMode,
  nextPlayable,
  type PlaylistAction,
  type PlaylistState,
  playlistReducer,
  progressStep,
  randomOther,
  stepVolume,
  toggleMute,
} from './playback';

const run = (state: PlaylistState, ...actions: PlaylistAction[]) => actions.reduce(playlistReducer, state);

describe('cycle modes (SPEC §4)', () => {
  it('steps 1 → 2 → 3 → 1', () => {
    expect(nextCycleMode(1)).toBe(2);
    expect(nextCycleMode(2)).toBe(3);
    expect(nextCycleMode(3)).toBe(1);
    expect(run(initialPlaylist(0, 3), { type: 'cycle' }, { type: 'cycle' }, { type: 'cycle' }).mode).toBe(1);
  });

  it('list loop: next wraps to the first, previous to the last, the end goes on', () => {
    const start = initialPlaylist(2, 3);
    expect(run(start, { type: 'next', roll: 0 }).index).toBe(0);
    expect(run(initialPlaylist(0, 3), { type: 'previous', roll: 0 }).index).toBe(2);
    expect(run(start, { type: 'ended', roll: 0 }).index).toBe(0);
  });

  it('single loop: the end plays the same track again; the buttons still move', () => {
    const start = initialPlaylist(1, 3, CYCLE_MODE.singleLoop);
    expect(run(start, { type: 'ended', roll: 0.9 })).toBe(start);
    expect(run(start, { type: 'next', roll: 0 }).index).toBe(2);
  });

  it('random: never the same track twice in a row; previous goes back where it came from', () => {
    const start = initialPlaylist(1, 4, CYCLE_MODE.random);
    for (const roll of [0, 0.2, 0.5, 0.7, 0.99]) {
      expect(run(start, { type: 'ended', roll }).index).not.toBe(1);
      expect(run(start, { type: 'next', roll }).index).not.toBe(1);
    }
    const hopped = run(start, { type: 'next', roll: 0.99 }, { type: 'next', roll: 0 });
    expect(hopped.index).toBe(0);
    expect(run(hopped, { type: 'previous', roll: 0 }).index).toBe(3);
    expect(run(hopped, { type: 'previous', roll: 0 }, { type: 'previous', roll: 0 }).index).toBe(1);
  });

  it('picks every other track with equal rolls', () => {
    const picks = [0, 0.34, 0.67].map((roll) => randomOther(1, 4, roll));
    expect(picks.sort()).toEqual([0, 2, 3]);
    expect(randomOther(0, 1, 0.5)).toBe(0);
  });

  it('selects a track from the list; ignores bad indexes', () => {
    const start = initialPlaylist(0, 3);
    expect(run(start, { type: 'select', index: 2 }).index).toBe(2);
    expect(run(start, { type: 'select', index: 7 })).toBe(start);
  });
});

describe('video: the next playable item', () => {
  it('skips what cannot play and stops at the end', () => {
    const items = ['a.mp4', 'b.avi', 'c.mp4', 'd.mov'];
    const canPlay = (name: string) => name.endsWith('.mp4');
    expect(nextPlayable(items, 0, canPlay)).toBe(2);
    expect(nextPlayable(items, 2, canPlay)).toBeNull();
  });
});

describe('volume (SPEC §4, §9)', () => {
  it('steps by 0.1 within 0–1 without drifting', () => {
    expect(stepVolume(0.5, 0.1)).toBe(0.6);
    expect(stepVolume(0.7, 0.1)).toBe(0.8);
    expect(stepVolume(0.95, 0.1)).toBe(1);
    expect(stepVolume(0.05, -0.1)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(0.5);
  });

  it('the icon toggles between 0 and 0.5', () => {
    expect(toggleMute(0.8)).toBe(0);
    expect(toggleMute(0)).toBe(0.5);
  });
});

describe('progress, lyrics and clock', () => {
  it('moves the progress in hundredths of the duration', () => {
    expect(progressStep(200)).toBe(2);
    expect(progressStep(0)).toBe(1);
    expect(progressStep(Number.NaN)).toBe(1);
  });

  it('finds the line being sung', () => {
    const lines = [{ start: 0.5 }, { start: 2 }, { start: 4 }];
    expect(currentLyricIndex(lines, 0)).toBe(-1);
    expect(currentLyricIndex(lines, 0.5)).toBe(0);
    expect(currentLyricIndex(lines, 3.99)).toBe(1);
    expect(currentLyricIndex(lines, 100)).toBe(2);
    expect(currentLyricIndex([], 3)).toBe(-1);
  });

  it('formats seconds as a clock', () => {
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(205)).toBe('3:25');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
