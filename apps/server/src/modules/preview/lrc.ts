import type { LyricLine } from '@kerf/contract';

const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const OFFSET_TAG = /^\[offset:\s*([+-]?\d+)\s*\]/i;

function seconds(minutes: string, secs: string, fraction: string | undefined) {
  const frac = fraction ? Number(fraction) / 10 ** fraction.length : 0;
  return Number(minutes) * 60 + Number(secs) + frac;
}

function timeText(at: number) {
  const m = Math.floor(at / 60);
  const s = at - m * 60;
  return `${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
}

/**
 * Lyric lines from LRC text: every `[mm:ss.xx]` tag of a line gives that line a start (a line may
 * carry several, for a repeated chorus), `[offset:±ms]` shifts them all, metadata tags are skipped.
 * Lines come sorted by start; each ends where the next begins, the last at `duration` (or +5 s).
 */
export function parseLrc(text: string, duration = 0): LyricLine[] {
  let offset = 0;
  const timed: Array<{ start: number; text: string }> = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const shift = OFFSET_TAG.exec(line);
    if (shift) {
      offset = Number(shift[1]) / 1000;
      continue;
    }
    const starts: number[] = [];
    let rest = line;
    for (;;) {
      TIME_TAG.lastIndex = 0;
      const match = TIME_TAG.exec(rest);
      if (match?.index !== 0) break;
      starts.push(seconds(match[1]!, match[2]!, match[3]));
      rest = rest.slice(match[0].length);
    }
    for (const start of starts) timed.push({ start, text: rest.trim() });
  }
  timed.sort((a, b) => a.start - b.start);
  return timed.map((line, i) => {
    // A positive offset makes lyrics appear sooner (the LRC convention).
    const start = Math.max(0, line.start - offset);
    const next = timed[i + 1];
    const end = next ? Math.max(start, next.start - offset) : Math.max(start, duration || start + 5);
    return { time: timeText(start), text: line.text, start, end };
  });
}
