import { describe, expect, it } from 'vitest';
import { parseLrc } from './lrc.js';

describe('parseLrc', () => {
  it('reads timed lines in order, each ending where the next starts', () => {
    const lines = parseLrc('[ti:Song]\n[ar:Band]\n[00:12.50]First\n[00:05.00]Zero\n[01:02.346]Last', 70);
    expect(lines).toEqual([
      { time: '00:05.00', text: 'Zero', start: 5, end: 12.5 },
      { time: '00:12.50', text: 'First', start: 12.5, end: 62.346 },
      { time: '01:02.35', text: 'Last', start: 62.346, end: 70 },
    ]);
  });

  it('repeats a line with several time tags, honours the offset, and keeps empty lines as pauses', () => {
    const lines = parseLrc('\uFEFF[offset:+500]\r\n[00:10][00:30]Chorus\r\n[00:20]\r\n[00:25.5]Verse');
    expect(lines.map((l) => [l.start, l.text])).toEqual([
      [9.5, 'Chorus'],
      [19.5, ''],
      [25, 'Verse'],
      [29.5, 'Chorus'],
    ]);
    expect(lines.at(-1)!.end).toBe(34.5);
  });

  it('ignores lines without a leading time tag', () => {
    expect(parseLrc('just text\n[xx:yy]no\n[by:someone]')).toEqual([]);
  });
});
