import type { LyricLine } from '@kerf/contract';

/**
 * The rules of the audio and video players (SPEC §4, §9) as plain functions: cycle modes, which
 * track comes next, volume steps, speeds, the progress step, the current lyric line, clock text.
 */

/** SPEC §4: 1 list loop, 2 single loop, 3 random; the control steps 1 → 2 → 3 → 1. */
export const CYCLE_MODE = { listLoop: 1, singleLoop: 2, random: 3 } as const;
export type CycleMode = (typeof CYCLE_MODE)[keyof typeof CYCLE_MODE];

export function nextCycleMode(mode: CycleMode): CycleMode {
  return mode === 3 ? 1 : ((mode + 1) as CycleMode);
}

/** A track other than `current`, chosen by `roll` in [0, 1) (Math.random() in the player). */
export function randomOther(current: number, count: number, roll: number): number {
  if (count <= 1) return 0;
  const pick = Math.min(count - 2, Math.floor(Math.max(0, roll) * (count - 1)));
  return pick >= current ? pick + 1 : pick;
}

export interface PlaylistState {
  index: number;
  count: number;
  mode: CycleMode;
  /** Tracks played before, for "previous" in random mode. */
  history: number[];
}

export type PlaylistAction =
  | { type: 'next'; roll: number }
  | { type: 'previous'; roll: number }
  /** The track played to its end. */
  | { type: 'ended'; roll: number }
  | { type: 'select'; index: number }
  | { type: 'cycle' };

export function initialPlaylist(index: number, count: number, mode: CycleMode = CYCLE_MODE.listLoop): PlaylistState {
  return { index: Math.min(Math.max(0, index), Math.max(0, count - 1)), count, mode, history: [] };
}

const HISTORY_LIMIT = 100;

function moveTo(state: PlaylistState, index: number): PlaylistState {
  return { ...state, index, history: [...state.history, state.index].slice(-HISTORY_LIMIT) };
}

function following(state: PlaylistState, roll: number): number {
  return state.mode === CYCLE_MODE.random
    ? randomOther(state.index, state.count, roll)
    : (state.index + 1) % Math.max(1, state.count);
}

export function playlistReducer(state: PlaylistState, action: PlaylistAction): PlaylistState {
  if (state.count < 1 && action.type !== 'cycle') return state;
  switch (action.type) {
    case 'next':
      return moveTo(state, following(state, action.roll));
    case 'ended':
      // single loop plays the same track again; the player restarts it
      return state.mode === CYCLE_MODE.singleLoop ? state : moveTo(state, following(state, action.roll));
    case 'previous': {
      if (state.mode === CYCLE_MODE.random) {
        const back = state.history.at(-1);
        if (back !== undefined && back < state.count) {
          return { ...state, index: back, history: state.history.slice(0, -1) };
        }
        return moveTo(state, randomOther(state.index, state.count, action.roll));
      }
      return moveTo(state, (state.index - 1 + state.count) % state.count);
    }
    case 'select':
      return action.index === state.index || action.index < 0 || action.index >= state.count
        ? state
        : moveTo(state, action.index);
    case 'cycle':
      return { ...state, mode: nextCycleMode(state.mode) };
  }
}

/** The next item after `current` that can play, in list order without wrapping; null at the end. */
export function nextPlayable<T>(items: readonly T[], current: number, canPlay: (item: T) => boolean): number | null {
  for (let i = current + 1; i < items.length; i++) if (canPlay(items[i]!)) return i;
  return null;
}

/** SPEC §4 and §9: default 0.5, keys step 0.1, the slider 0.01, always within 0–1. */
export const VOLUME = { initial: 0.5, keyStep: 0.1, sliderStep: 0.01, unmuted: 0.5 } as const;

export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return VOLUME.initial;
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
}

export function stepVolume(volume: number, delta: number): number {
  return clampVolume(volume + delta);
}

/** The volume icon: silent, or back to 0.5 (SPEC §4). */
export function toggleMute(volume: number): number {
  return volume === 0 ? VOLUME.unmuted : 0;
}

/** SPEC §9: video speeds. */
export const PLAYBACK_SPEEDS = [0.5, 1, 1.5, 2] as const;

/** SPEC §9: the progress slider moves in hundredths of the track. */
export function progressStep(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? duration / 100 : 1;
}

/** The lyric line sung at `time`: the last one started; −1 before the first. */
export function currentLyricIndex(lines: readonly Pick<LyricLine, 'start'>[], time: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.start <= time + 1e-6) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as a player clock: `0:07`, `3:25`, `1:02:03`. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
