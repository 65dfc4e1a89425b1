import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../src/output/bytes.js';

type Step =
  | { kind: 'ascii'; s: string }
  | { kind: 'bytes'; b: Uint8Array }
  | { kind: 'byte'; c: number }
  | { kind: 'raw'; b: Uint8Array };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => ({ kind: 'ascii' as const, s: s.replace(/[^\x20-\x7e]/g, 'x') })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ kind: 'bytes' as const, b })),
  fc.integer({ min: 0, max: 255 }).map((c) => ({ kind: 'byte' as const, c })),
  fc.uint8Array({ maxLength: 100 }).map((b) => ({ kind: 'raw' as const, b })),
);

describe('ByteWriter', () => {
  it('gives back exactly what was written, as one array and as chunks, across chunk boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 200 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 64, max: 512 }),
        (steps, initial, chunk) => {
          const w = new ByteWriter(initial, chunk);
          const expected: number[] = [];
          for (const s of steps) {
            if (s.kind === 'ascii') {
              w.ascii(s.s);
              for (const ch of s.s) expected.push(ch.charCodeAt(0));
            } else if (s.kind === 'bytes') {
              w.bytes(s.b);
              expected.push(...s.b);
            } else if (s.kind === 'byte') {
              w.byte(s.c);
              expected.push(s.c);
            } else {
              // In-place writing, as the raster G-code writer does.
              const buf = w.reserve(s.b.length);
              const at = w.offset;
              buf.set(s.b, at);
              w.commit(at + s.b.length);
              expected.push(...s.b);
            }
          }
          expect(w.length).toBe(expected.length);
          expect([...w.toBytes()]).toEqual(expected);
          const joined = w.chunks().flatMap((c) => [...c]);
          expect(joined).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses to commit past the reserved buffer', () => {
    const w = new ByteWriter(16, 64);
    const buf = w.reserve(8);
    expect(() => w.commit(buf.length + 1)).toThrow(RangeError);
  });
});
