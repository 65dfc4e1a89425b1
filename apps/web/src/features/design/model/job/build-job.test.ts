import { createLayer, MOVE_BURN, MOVE_TRAVEL } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { buildJob } from './build-job';
import { built, burns, docWith, ellipse, lengthOf, movesOf, rect, TEST_PROFILE } from './job-test-kit';
import { BUILT_IN_PROFILES, profileProblems } from './machine-profiles';

const cut = { id: 'A', name: 'Cut', maxPower: 20 };
const fill = { id: 'B', name: 'Fill', mode: 'fill' as const, maxPower: 30 };

describe('a drawing with nothing to output says why', () => {
  const problem = (doc: Parameters<typeof buildJob>[0]) => {
    const result = buildJob(doc, TEST_PROFILE);
    return 'problem' in result ? result.problem.code : 'built';
  };

  it('no shapes', () => {
    expect(problem(docWith([cut], []))).toBe('noShapes');
  });

  it('no layer set to output', () => {
    expect(problem(docWith([{ ...cut, output: false }], [rect('A', 10, 10, 5, 5)]))).toBe('noOutputLayer');
  });

  it('every output layer hidden', () => {
    const hidden = { ...createLayer(cut), hidden: true };
    expect(problem(docWith([hidden], [rect('A', 10, 10, 5, 5)]))).toBe('allHidden');
    // a hidden layer beside a shown one: only the shown one burns
    const moves = movesOf(docWith([hidden, fill], [rect('A', 10, 10, 5, 5), rect('B', 50, 50, 5, 5)]));
    expect(new Set(burns(moves).map((m) => m.s))).toEqual(new Set([750]));
  });

  it('everything outside the work area', () => {
    const result = buildJob(docWith([cut], [rect('A', 300, 300, 5, 5)]), TEST_PROFILE);
    expect('problem' in result && result.problem.code).toBe('allOutside');
    expect('problem' in result && result.outsideIds).toHaveLength(1);
  });

  it('a layer setting out of range gives the core’s message', () => {
    const result = buildJob(docWith([{ ...cut, speed: 0 }], [rect('A', 10, 10, 5, 5)]), TEST_PROFILE);
    expect('problem' in result && result.problem.text?.['zh-CN']).toBe('图层速度必须大于 0');
  });
});

describe('warnings before output', () => {
  it('flags shapes wholly or partly outside the work area and still burns the rest, cut off at the edge', () => {
    const doc = docWith([cut], [rect('A', 10, 10, 5, 5), rect('A', 190, 10, 20, 5), rect('A', 400, 10, 5, 5)]);
    const job = built(doc);
    expect(job.warnings.map((w) => [w.code, w.count ?? null])).toEqual([
      ['outsideArea', 1],
      ['partlyOutside', 1],
    ]);
    expect(job.outsideIds).toHaveLength(2);
    for (const m of burns(movesOf(doc))) expect(Math.max(m.from.x, m.to.x)).toBeLessThanOrEqual(200 + 1e-3);
  });

  it('flags layers faster or stronger than the machine', () => {
    const job = built(docWith([{ ...cut, speed: 900, maxPower: 50 }], [rect('A', 10, 10, 5, 5)]));
    expect(job.warnings).toEqual([
      { code: 'tooFast', names: 'Cut' },
      { code: 'overPower', names: 'Cut' },
    ]);
  });
});

describe('the preview', () => {
  it('has the statistics of the written G-code', () => {
    const doc = docWith(
      [cut, fill],
      [rect('A', 10, 10, 30, 20), ellipse('B', 100, 100, 20), rect('A', 150, 20, 10, 40)],
    );
    const job = built(doc);
    const moves = movesOf(doc);
    const stats = job.preview.stats;
    expect(stats.cutLength).toBeCloseTo(lengthOf(burns(moves)), 3);
    expect(stats.travelLength).toBeCloseTo(lengthOf(moves.filter((m) => m.motion === 'G0')), 3);
    const text = new TextDecoder().decode(job.gcode);
    const [, headerCut, headerTravel] = text.match(/^; Ops: \d+, cut ([\d.]+) mm, travel ([\d.]+) mm$/m) ?? [];
    expect(Number(headerCut)).toBeCloseTo(stats.cutLength, 2);
    expect(Number(headerTravel)).toBeCloseTo(stats.travelLength, 2);
    // segments drawn are the moves written
    let burnt = 0;
    let travel = 0;
    const c = job.preview.coords;
    for (let i = 0; i < job.preview.kinds.length; i++) {
      const l = Math.hypot(c[4 * i + 2]! - c[4 * i]!, c[4 * i + 3]! - c[4 * i + 1]!);
      if (job.preview.kinds[i] === MOVE_BURN) burnt += l;
      if (job.preview.kinds[i] === MOVE_TRAVEL) travel += l;
    }
    expect(burnt).toBeCloseTo(stats.cutLength, 1);
    expect(travel).toBeCloseTo(stats.travelLength, 1);
    expect(job.layers.map((l) => l.name)).toEqual(['Cut', 'Fill']);
    expect(job.travelAfter).toBeLessThanOrEqual(job.travelBefore);
  });
});

describe('machine profiles', () => {
  it('built-in profiles are usable and a bad profile names its bad fields', () => {
    for (const p of BUILT_IN_PROFILES) expect(profileProblems(p)).toEqual([]);
    expect(profileProblems({ ...TEST_PROFILE, name: ' ', bedWidth: 0, machinePower: Number.NaN })).toEqual([
      'name',
      'bedWidth',
      'machinePower',
    ]);
  });

  it('the bed bounds the job: a bigger bed burns what a smaller one cuts off', () => {
    const doc = docWith([cut], [rect('A', 10, 10, 5, 5), rect('A', 250, 10, 5, 5)]);
    const small = lengthOf(burns(movesOf(doc)));
    const large = lengthOf(burns(movesOf(doc, { ...TEST_PROFILE, bedWidth: 400 })));
    expect(small).toBeCloseTo(20, 3);
    expect(large).toBeCloseTo(40, 3);
  });
});
