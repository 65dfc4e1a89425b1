import { describe, expect, it } from 'vitest';
import { insideRing, isSimpleRing, runsOnLine, seededRandom } from '../common/testing/polygon.js';
import { type BoxPanel, type BoxPanelName, type BoxSpec, boxIssues, boxPanels, edgeFingers } from './box-geometry.js';

const base: BoxSpec = {
  width: 120,
  depth: 80,
  height: 60,
  dimensions: 'outer',
  thickness: 3,
  fingerWidth: 10,
  kerf: 0,
  openTop: false,
};

type Side = 'top' | 'right' | 'bottom' | 'left';

/**
 * Which sides of the flat panels meet in the box. Panels are laid flat as: front and back with x
 * across and the height downward from the top edge; left and right with y across and the height
 * downward; bottom and top with x across and y downward. So both sides of each pair run along the same
 * box axis, in the same direction.
 */
const JOINTS: [BoxPanelName, Side, BoxPanelName, Side][] = [
  ['front', 'bottom', 'bottom', 'top'],
  ['back', 'bottom', 'bottom', 'bottom'],
  ['front', 'top', 'top', 'top'],
  ['back', 'top', 'top', 'bottom'],
  ['front', 'left', 'left', 'left'],
  ['front', 'right', 'right', 'left'],
  ['back', 'left', 'left', 'right'],
  ['back', 'right', 'right', 'right'],
  ['left', 'bottom', 'bottom', 'left'],
  ['right', 'bottom', 'bottom', 'right'],
  ['left', 'top', 'top', 'left'],
  ['right', 'top', 'top', 'right'],
];

function panel(panels: BoxPanel[], name: BoxPanelName): BoxPanel {
  const found = panels.find((p) => p.name === name);
  if (!found) throw new Error(`no ${name} panel`);
  return found;
}

/**
 * A side's runs on its outer line (tabs) and on the line one thickness in (slots), read off the drawn
 * outline, plus the side's length. Kerf compensation moves every edge out by half the kerf.
 */
function sideRuns(p: BoxPanel, side: Side, t: number, kerf: number) {
  const h = kerf / 2;
  const vertical = side === 'left' || side === 'right';
  const axis = vertical ? 'x' : 'y';
  const far = vertical ? p.width : p.height;
  const outer = side === 'top' || side === 'left' ? -h : far + h;
  const inner = side === 'top' || side === 'left' ? t - h : far - t + h;
  return {
    tabs: runsOnLine(p.outline, axis, outer),
    slots: runsOnLine(p.outline, axis, inner),
    length: vertical ? p.height : p.width,
  };
}

/** Intervals cut to [from, to], empty ones dropped. */
function clip(runs: [number, number][], from: number, to: number): [number, number][] {
  return runs.map(([a, b]): [number, number] => [Math.max(a, from), Math.min(b, to)]).filter(([a, b]) => b - a > 1e-6);
}

function expectSameRuns(actual: [number, number][], expected: [number, number][]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach(([a, b], i) => {
    expect(a).toBeCloseTo(expected[i]![0], 6);
    expect(b).toBeCloseTo(expected[i]![1], 6);
  });
}

/**
 * Which panels hold the material at a point of the box (x, y, z from the outer corner): a panel holds
 * it when the point is inside its slab and its flat outline holds the point's projection.
 */
function owners(panels: BoxPanel[], spec: BoxSpec, x: number, y: number, z: number, w: number, d: number, h: number) {
  const t = spec.thickness;
  const holders: BoxPanelName[] = [];
  const test = (name: BoxPanelName, inSlab: boolean, u: number, v: number) => {
    const p = panels.find((q) => q.name === name);
    if (p && inSlab && insideRing(p.outline, u, v)) holders.push(name);
  };
  test('front', y < t, x, h - z);
  test('back', y > d - t, x, h - z);
  test('left', x < t, y, h - z);
  test('right', x > w - t, y, h - z);
  test('bottom', z < t, x, y);
  test('top', z > h - t, x, y);
  return holders;
}

describe('edge fingers', () => {
  it('splits the joint between the corner zones into the odd count nearest the finger width', () => {
    const f = edgeFingers(100, 3, 10);
    // Joint 94 mm: 9 fingers of 10.44 mm are nearer 10 than 11 of 8.55.
    expect(f.count).toBe(9);
    expect(f.length).toBeCloseTo(94 / 9, 9);
    for (const [length, width] of [
      [50, 7],
      [300, 12],
      [41, 20],
      [1000, 3],
    ] as const) {
      const { count, length: finger } = edgeFingers(length, 3, width);
      expect(count % 2).toBe(1);
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count * finger).toBeCloseTo(length - 6, 9);
      // No other odd count comes nearer the width asked for.
      for (const other of [count - 2, count + 2].filter((c) => c >= 3)) {
        expect(Math.abs((length - 6) / other - width)).toBeGreaterThanOrEqual(Math.abs(finger - width) - 1e-9);
      }
    }
  });

  it('keeps at least three fingers on a short edge', () => {
    expect(edgeFingers(20, 3, 50).count).toBe(3);
  });
});

describe('box panels', () => {
  it('draws six closed, simple outlines of the outer size', () => {
    const panels = boxPanels(base);
    expect(panels.map((p) => p.name).sort()).toEqual(['back', 'bottom', 'front', 'left', 'right', 'top']);
    const sizes: Record<BoxPanelName, [number, number]> = {
      front: [120, 60],
      back: [120, 60],
      left: [80, 60],
      right: [80, 60],
      bottom: [120, 80],
      top: [120, 80],
    };
    for (const p of panels) {
      expect(isSimpleRing(p.outline), p.name).toBe(true);
      const xs = p.outline.map((q) => q.x);
      const ys = p.outline.map((q) => q.y);
      // Front and back keep their corners, so they span the full size; the others are cut in at the corners
      // but their tabs still reach the outer lines.
      expect([Math.min(...xs), Math.max(...xs)]).toEqual([0, sizes[p.name][0]]);
      expect([Math.min(...ys), Math.max(...ys)]).toEqual([0, sizes[p.name][1]]);
      // Every edge is horizontal or vertical.
      p.outline.forEach((a, i) => {
        const b = p.outline[(i + 1) % p.outline.length]!;
        expect(a.x === b.x || a.y === b.y).toBe(true);
      });
    }
  });

  it('mates every pair of neighbouring sides: complementary fingers of one length, a thickness deep', () => {
    for (const spec of [base, { ...base, width: 57, depth: 143, height: 33, thickness: 4.5, fingerWidth: 7 }]) {
      const panels = boxPanels(spec);
      const t = spec.thickness;
      for (const [pName, pSide, qName, qSide] of JOINTS) {
        const p = sideRuns(panel(panels, pName), pSide, t, 0);
        const q = sideRuns(panel(panels, qName), qSide, t, 0);
        const label = `${pName} ${pSide} / ${qName} ${qSide}`;
        expect(p.length, label).toBe(q.length);
        const [from, to] = [t, p.length - t];
        const pTabs = clip(p.tabs, from, to);
        const pSlots = clip(p.slots, from, to);
        const qTabs = clip(q.tabs, from, to);
        const qSlots = clip(q.slots, from, to);
        // Tabs on one side are exactly the slots on the other.
        expectSameRuns(pTabs, qSlots);
        expectSameRuns(qTabs, pSlots);
        // Each side's tabs and slots (outer line and the line one thickness in) cover the joint: the
        // steps between them are the material thickness.
        const covered = [...pTabs, ...pSlots].reduce((sum, [a, b]) => sum + b - a, 0);
        expect(covered, label).toBeCloseTo(to - from, 6);
        // An odd number of equal fingers; the panel with the ends has one tab more.
        const count = pTabs.length + qTabs.length;
        expect(count % 2, label).toBe(1);
        expect(Math.abs(pTabs.length - qTabs.length), label).toBe(1);
        const finger = (to - from) / count;
        for (const [a, b] of [...pTabs, ...qTabs]) expect(b - a, label).toBeCloseTo(finger, 6);
      }
    }
  });

  it('fills every point of the walls with exactly one panel (corners included)', () => {
    for (const spec of [base, { ...base, openTop: true }, { ...base, dimensions: 'inner' as const, thickness: 6 }]) {
      const panels = boxPanels(spec);
      const grow = spec.dimensions === 'inner' ? 2 * spec.thickness : 0;
      const [w, d, h] = [spec.width + grow, spec.depth + grow, spec.height + grow];
      const t = spec.thickness;
      const random = seededRandom(21);
      let wallPoints = 0;
      for (let i = 0; i < 6000; i++) {
        // Half the samples near a corner, where three panels meet.
        const near = i % 2 === 0;
        const pick = (size: number) => {
          const r = random();
          if (!near) return r * size;
          return random() < 0.5 ? r * 2 * t : size - r * 2 * t;
        };
        const [x, y, z] = [pick(w), pick(d), pick(h)];
        const inWall = x < t || x > w - t || y < t || y > d - t || z < t || (z > h - t && !spec.openTop);
        const holders = owners(panels, spec, x, y, z, w, d, h);
        if (inWall) {
          wallPoints++;
          expect(holders, `(${x}, ${y}, ${z})`).toHaveLength(1);
        } else {
          expect(holders, `(${x}, ${y}, ${z})`).toHaveLength(0);
        }
      }
      expect(wallPoints).toBeGreaterThan(1000);
    }
    // 18,000 points, each tested against six panels: a second or two, more on a busy machine
  }, 30_000);

  it('compensates the kerf: each tab is drawn two kerfs wider than its slot, depth and size unchanged', () => {
    const kerf = 0.2;
    const t = base.thickness;
    const exact = boxPanels(base);
    const compensated = boxPanels({ ...base, kerf });
    for (const [pName, pSide, qName, qSide] of JOINTS) {
      const p0 = sideRuns(panel(exact, pName), pSide, t, 0);
      const p = sideRuns(panel(compensated, pName), pSide, t, kerf);
      const q = sideRuns(panel(compensated, qName), qSide, t, kerf);
      const label = `${pName} ${pSide} / ${qName} ${qSide}`;
      // The runs are found on lines half a kerf further out: the tab depth is still the thickness.
      expect(p.tabs.length, label).toBe(p0.tabs.length);
      expect(p.slots.length, label).toBe(p0.slots.length);
      // Steps between tab and slot inside the joint (away from the corner zones) pair up: the tab of one
      // side passes the end of the other side's slot by exactly the kerf.
      const inside = (v: number) => v > t + kerf && v < p.length - t - kerf;
      let pairs = 0;
      for (const [a, b] of p.tabs) {
        const slot = q.slots.find(([c, e]) => c < b && e > a);
        expect(slot, label).toBeDefined();
        const [c, e] = slot!;
        if (inside(a)) expect(c - a, label).toBeCloseTo(kerf, 9);
        if (inside(b)) expect(b - e, label).toBeCloseTo(kerf, 9);
        if (inside(a) && inside(b)) {
          // A tab between two slots: drawn finger + kerf; its slot finger − kerf.
          const finger = p0.tabs.find(([x, y]) => x < b && y > a)!;
          expect(b - a, label).toBeCloseTo(finger[1] - finger[0] + kerf, 9);
          expect(e - c, label).toBeCloseTo(finger[1] - finger[0] - kerf, 9);
          pairs++;
        }
      }
      expect(pairs, label).toBeGreaterThan(0);
    }
    // The whole panel grows by half a kerf on every side.
    for (const p of compensated) {
      const xs = p.outline.map((q) => q.x);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(p.width + kerf, 9);
      expect(isSimpleRing(p.outline)).toBe(true);
    }
  });

  it('builds outside dimensions from inside ones: outside = inside + 2 × thickness', () => {
    const inner = boxPanels({ ...base, dimensions: 'inner' });
    const outer = boxPanels(base);
    const t = base.thickness;
    expect(panel(inner, 'front').width).toBe(base.width + 2 * t);
    expect(panel(inner, 'front').height).toBe(base.height + 2 * t);
    expect(panel(inner, 'left').width).toBe(base.depth + 2 * t);
    expect(panel(inner, 'bottom').height).toBe(base.depth + 2 * t);
    expect(panel(outer, 'front').width).toBe(base.width);
    // The space inside: the front's width less the two side walls.
    const front = panel(inner, 'front');
    const xs = front.outline.map((q) => q.x);
    expect(Math.max(...xs) - Math.min(...xs) - 2 * t).toBe(base.width);
  });

  it('leaves the lid off an open box and keeps the top edges of the walls straight', () => {
    const open = boxPanels({ ...base, openTop: true });
    const closed = boxPanels(base);
    expect(open.map((p) => p.name)).not.toContain('top');
    expect(open).toHaveLength(5);
    const t = base.thickness;
    for (const name of ['front', 'back', 'left', 'right'] as const) {
      // Corners within half a thickness of the top edge: only the straight edge's two ends.
      const topCorners = (p: BoxPanel) => p.outline.filter((q) => q.y < t / 2);
      const straight = topCorners(panel(open, name));
      expect(straight, name).toHaveLength(2);
      expect(straight.every((q) => q.y === 0)).toBe(true);
      expect(runsOnLine(panel(open, name).outline, 'y', 0)).toHaveLength(1);
      expect(topCorners(panel(closed, name)).length, name).toBeGreaterThan(2);
    }
    // The rest of the box is unchanged.
    expect(panel(open, 'bottom').outline).toEqual(panel(closed, 'bottom').outline);
  });

  it('names what keeps a box from being drawn', () => {
    expect(boxIssues(base)).toEqual([]);
    expect(boxIssues({ ...base, height: 6 })).toEqual(['tooSmall']);
    expect(boxIssues({ ...base, height: 6, dimensions: 'inner' })).toEqual([]);
    expect(boxIssues({ ...base, height: 7, fingerWidth: 1, thickness: 3.2 })).toContain('fingersTooShort');
    expect(boxIssues({ ...base, kerf: 15 })).toEqual(['kerfTooLarge']);
  });
});
