import { describe, expect, it } from 'vitest';
import type { Shape } from '../src/model/document.js';
import { LASER_MESSAGES, SettingError } from '../src/model/errors.js';
import type { PathOp } from '../src/model/job.js';
import { createDocument, createLayer, DEFAULT_FILL } from '../src/model/layers.js';
import { IDENTITY } from '../src/model/matrix.js';
import { type ArraySettings, planJob, validateArray } from '../src/toolpath/index.js';

function rect(id: string, layerId: string, x: number, y: number, w: number, h: number): Shape {
  return { id, kind: 'rect', layerId, transform: IDENTITY, x, y, width: w, height: h, rx: 0, ry: 0 };
}

/** The SettingError thrown by `f`, for checking its message in both languages. */
function settingError(f: () => void): SettingError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SettingError);
    return e as SettingError;
  }
  throw new Error('no error was thrown');
}

const ok: ArraySettings = { rows: 2, columns: 3, rowSpacing: 1, columnSpacing: 2 };

describe('validateArray', () => {
  it('accepts whole counts ≥ 1 and spacings below the limits (negative gaps included)', () => {
    expect(() => validateArray(ok)).not.toThrow();
    expect(() => validateArray({ rows: 1, columns: 1, rowSpacing: 299.99, columnSpacing: 399.99 })).not.toThrow();
    expect(() => validateArray({ rows: 100, columns: 100, rowSpacing: -5, columnSpacing: 0 })).not.toThrow();
  });

  it('refuses empty, fractional, zero or NaN counts with the counts message in both languages', () => {
    const bad: unknown[] = [
      { ...ok, rows: undefined },
      { ...ok, columns: undefined },
      { ...ok, rows: Number.NaN },
      { ...ok, columns: 0 },
      { ...ok, rows: 1.5 },
      { ...ok, rows: -2 },
      { ...ok, columns: '3' },
    ];
    for (const a of bad) {
      const e = settingError(() => validateArray(a as ArraySettings));
      expect(e.text).toEqual(LASER_MESSAGES.arrayCountsRequired);
      expect(e.text['zh-CN']).toBe('阵列行数和列数不能为空');
      expect(e.message).toBe('Enter the number of rows and columns');
    }
  });

  it('refuses a row spacing of 300 or more and a column spacing of 400 or more', () => {
    for (const rowSpacing of [300, 1000, Number.NaN, Number.POSITIVE_INFINITY]) {
      const e = settingError(() => validateArray({ ...ok, rowSpacing }));
      expect(e.text).toEqual(LASER_MESSAGES.arrayRowSpacing);
      expect(e.text['zh-CN']).toBe('行间距必须小于 300');
      expect(e.text.en).toBe('Row spacing must be less than 300');
    }
    for (const columnSpacing of [400, 401, Number.NaN]) {
      const e = settingError(() => validateArray({ ...ok, columnSpacing }));
      expect(e.text).toEqual(LASER_MESSAGES.arrayColumnSpacing);
      expect(e.text['zh-CN']).toBe('列间距必须小于 400');
      expect(e.text.en).toBe('Column spacing must be less than 400');
    }
  });

  it('refuses arrays of more than 10,000 copies instead of allocating without bound', () => {
    const e = settingError(() =>
      validateArray({ rows: 1_000_000, columns: 1_000_000, rowSpacing: 0, columnSpacing: 0 }),
    );
    expect(e.text).toEqual(LASER_MESSAGES.arrayTooMany);
    expect(() => planJob(createDocument(), { array: { ...ok, rows: 0 } })).toThrow(SettingError);
  });
});

describe('planJob with an array', () => {
  // Output shapes span x 10..20, y 5..10 (10 × 5); the hidden layer's shape does not count.
  const d = createDocument({
    width: 50,
    height: 40,
    layers: [
      createLayer({ id: 'L1', priority: 0 }),
      createLayer({
        id: 'L2',
        priority: 1,
        mode: 'fill',
        fillSettings: { ...DEFAULT_FILL, interval: 1, bidirectional: false },
      }),
      createLayer({ id: 'H', output: false }),
    ],
    shapes: [rect('a', 'L1', 10, 5, 10, 5), rect('f', 'L2', 10, 5, 2, 1), rect('h', 'H', 200, 200, 1, 1)],
  });

  it('offsets copy (r, c) by (c·(w + column spacing), r·(h + row spacing)), layer by layer', () => {
    const job = planJob(d, { array: ok });
    const ops = job.ops as PathOp[];
    expect(ops.map((o) => o.shapeId)).toEqual([
      'a@0,0',
      'a@0,1',
      'a@0,2',
      'a@1,0',
      'a@1,1',
      'a@1,2',
      'f@0,0',
      'f@0,1',
      'f@0,2',
      'f@1,0',
      'f@1,1',
      'f@1,2',
    ]);
    const firstPoints = ops.slice(0, 6).map((o) => o.points[0]);
    expect(firstPoints).toEqual([
      { x: 10, y: 5 },
      { x: 22, y: 5 },
      { x: 34, y: 5 },
      { x: 10, y: 11 },
      { x: 22, y: 11 },
      { x: 34, y: 11 },
    ]);
    // Fill copies keep their own blocks and their overscan.
    expect(ops.slice(6).map((o) => o.block)).toEqual([
      'L2:fill1@0,0',
      'L2:fill1@0,1',
      'L2:fill1@0,2',
      'L2:fill1@1,0',
      'L2:fill1@1,1',
      'L2:fill1@1,2',
    ]);
    expect(ops[11]!.points).toEqual([
      { x: 10 + 24, y: 5.5 + 6 },
      { x: 12 + 24, y: 5.5 + 6 },
    ]);
    expect(ops[11]!.overscan).toBe(DEFAULT_FILL.overscan);
  });

  it('grows the job to cover the array, and leaves a single copy untouched', () => {
    const job = planJob(d, { array: { rows: 3, columns: 4, rowSpacing: 5, columnSpacing: 10 } });
    // Last copy: x + 3·20, y + 2·10 → right edge 80, bottom edge 30 (document height 40 stays).
    expect([job.width, job.height]).toEqual([80, 40]);
    const one = planJob(d, { array: { rows: 1, columns: 1, rowSpacing: 0, columnSpacing: 0 } });
    expect(one.ops.map((o) => o.shapeId)).toEqual(['a', 'f']);
    expect([one.width, one.height]).toEqual([50, 40]);
  });

  it('runs each pass over every copy before the next pass', () => {
    const passes = createDocument({
      layers: [createLayer({ id: 'L1', passes: 2 })],
      shapes: [rect('a', 'L1', 0, 0, 1, 1)],
    });
    const job = planJob(passes, { array: { rows: 1, columns: 2, rowSpacing: 0, columnSpacing: 1 } });
    expect(job.ops.map((o) => [o.shapeId, (o as PathOp).points[0]!.x])).toEqual([
      ['a@0,0', 0],
      ['a@0,1', 2],
      ['a@0,0', 0],
      ['a@0,1', 2],
    ]);
  });
});
