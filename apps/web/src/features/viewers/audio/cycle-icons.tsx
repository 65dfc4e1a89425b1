import type { CycleMode } from '../model/playback';

/** Line icons in antd's weight for the three play modes (antd has none of its own for these). */
const PATHS: Record<CycleMode, string[]> = {
  // repeat all: two arrows chasing round
  1: ['M7 7h10a3 3 0 0 1 3 3v1', 'M17 17H7a3 3 0 0 1-3-3v-1', 'M15 4l3 3-3 3', 'M9 20l-3-3 3-3'],
  // repeat one: the same with a 1 inside
  2: [
    'M7 7h10a3 3 0 0 1 3 3v1',
    'M17 17H7a3 3 0 0 1-3-3v-1',
    'M15 4l3 3-3 3',
    'M9 20l-3-3 3-3',
    'M12 10v4.5',
    'M11 10.8l1-.8',
  ],
  // shuffle: crossing arrows
  3: [
    'M4 7h3.5c2 0 3.2 1 4.2 2.6l1.6 2.8c1 1.6 2.2 2.6 4.2 2.6H20',
    'M4 17h3.5c1.4 0 2.4-.5 3.2-1.3',
    'M13.3 8.3c.8-.8 1.8-1.3 3.2-1.3H20',
    'M17.5 4.5 20 7l-2.5 2.5',
    'M17.5 14.5 20 17l-2.5 2.5',
  ],
};

export function CycleModeIcon({ mode }: { mode: CycleMode }) {
  return (
    <span className="anticon" aria-hidden>
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {PATHS[mode].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
