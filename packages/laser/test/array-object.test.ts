import { describe, expect, it } from 'vitest';
import { arrayCopyCount, arrayProblems, validateCircularArray, validateShapeArray } from '../src/model/array-object.js';
import type { CircularArray, GridArray, GroupShape, KerfDocument, Shape } from '../src/model/document.js';
import { FormatError, LASER_MESSAGES, SettingError } from '../src/model/errors.js';
import { parseDocument, serializeDocument } from '../src/model/json.js';
import { createDocument, createLayer } from '../src/model/layers.js';
import { type Bounds, IDENTITY, translate } from '../src/model/matrix.js';
import { documentBounds, leafShapes, placedPolylines, placedShapeId } from '../src/model/shapes.js';
import { exportDxf } from '../src/output/dxf.js';
import { exportSvg } from '../src/output/svg.js';
import { planJob } from '../src/toolpath/index.js';

function rect(id: string, x: number, y: number, w: number, h: number): Shape {
  return { id, kind: 'rect', layerId: 'L1', transform: IDENTITY, x, y, width: w, height: h, rx: 0, ry: 0 };
}

function arrayGroup(array: GridArray | CircularArray, children: Shape[], id = 'a1'): GroupShape {
  return { id, kind: 'group', transform: IDENTITY, children, array };
}

function docWith(...shapes: Shape[]): KerfDocument {
  return createDocument({ layers: [createLayer({ id: 'L1', name: 'C00', color: '#000000' })], shapes });
}

function boxOf(p: ReturnType<typeof leafShapes>[number]): Bounds {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const l of placedPolylines(p))
    for (const q of l.points) {
      b.minX = Math.min(b.minX, q.x);
      b.minY = Math.min(b.minY, q.y);
      b.maxX = Math.max(b.maxX, q.x);
      b.maxY = Math.max(b.maxY, q.y);
    }
  return b;
}

function centreOf(p: ReturnType<typeof leafShapes>[number]) {
  const b = boxOf(p);
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

function settingError(f: () => void): SettingError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SettingError);
    return e as SettingError;
  }
  throw new Error('no error was thrown');
}

const grid: GridArray = { kind: 'grid', rows: 2, columns: 3, rowSpacing: 5, columnSpacing: 2 };

describe('grid array objects', () => {
  it('yield rows × columns copies spaced by the gap between their boxes, row by row', () => {
    const placed = leafShapes([arrayGroup(grid, [rect('r', 10, 20, 10, 4)])]);
    expect(placed).toHaveLength(6);
    expect(placed.map((p) => boxOf(p).minX)).toEqual([10, 22, 34, 10, 22, 34]);
    expect(placed.map((p) => boxOf(p).minY)).toEqual([20, 20, 20, 29, 29, 29]);
    expect(placed.map(placedShapeId)).toEqual(['r#0', 'r#1', 'r#2', 'r#3', 'r#4', 'r#5']);
  });

  it('measure the pitch from the whole source and carry the group transform over every copy', () => {
    const group = arrayGroup({ ...grid, rows: 1, columns: 2 }, [rect('a', 0, 0, 10, 10), rect('b', 20, 0, 10, 10)]);
    group.transform = translate(100, 50);
    const placed = leafShapes([group]);
    expect(placed.map((p) => [p.shape.id, boxOf(p).minX, boxOf(p).minY])).toEqual([
      ['a', 100, 50],
      ['b', 120, 50],
      ['a', 132, 50],
      ['b', 152, 50],
    ]);
    expect(placed.every((p) => p.groups[0] === 'a1')).toBe(true);
  });

  it('give every copy of a nested array its own id', () => {
    const inner = arrayGroup({ ...grid, rows: 1, columns: 2 }, [rect('r', 0, 0, 1, 1)], 'inner');
    const outer = arrayGroup({ ...grid, rows: 2, columns: 1 }, [inner], 'outer');
    const ids = leafShapes([outer]).map(placedShapeId);
    expect(ids).toEqual(['r#0#0', 'r#0#1', 'r#1#0', 'r#1#1']);
  });

  it('count in the document bounds', () => {
    const b = documentBounds(docWith(arrayGroup(grid, [rect('r', 0, 0, 10, 10)])));
    expect(b).toEqual({ minX: 0, minY: 0, maxX: 34, maxY: 25 });
  });
});

describe('circular array objects', () => {
  it('place count copies round a centre radius below the source, turned to face outward', () => {
    const circle: CircularArray = { kind: 'circular', count: 4, radius: 50, rotate: true };
    const placed = leafShapes([arrayGroup(circle, [rect('r', 95, 0, 10, 4)])]);
    expect(placed).toHaveLength(4);
    const centres = placed.map(centreOf);
    // source centre (100, 2); circle centre (100, 52); clockwise on screen (y down)
    const expected = [
      { x: 100, y: 2 },
      { x: 150, y: 52 },
      { x: 100, y: 102 },
      { x: 50, y: 52 },
    ];
    centres.forEach((c, i) => {
      expect(c.x).toBeCloseTo(expected[i]!.x, 6);
      expect(c.y).toBeCloseTo(expected[i]!.y, 6);
    });
    // turned: the 10 × 4 bar stands 4 wide and 10 tall at 90°
    const quarter = boxOf(placed[1]!);
    expect(quarter.maxX - quarter.minX).toBeCloseTo(4, 6);
    expect(quarter.maxY - quarter.minY).toBeCloseTo(10, 6);
  });

  it('keep copies upright when rotate is off', () => {
    const circle: CircularArray = { kind: 'circular', count: 4, radius: 50, rotate: false };
    const placed = leafShapes([arrayGroup(circle, [rect('r', 95, 0, 10, 4)])]);
    const quarter = boxOf(placed[1]!);
    expect(quarter.maxX - quarter.minX).toBeCloseTo(10, 6);
    expect(centreOf(placed[1]!).x).toBeCloseTo(150, 6);
    expect(centreOf(placed[1]!).y).toBeCloseTo(52, 6);
  });
});

describe('array objects through the planner and the exporters', () => {
  const doc = docWith(arrayGroup(grid, [rect('r', 10, 10, 10, 10)]), rect('plain', 200, 200, 5, 5));

  it('plan every copy with an op shape id of its own', () => {
    const job = planJob(doc);
    const ids = job.ops.map((op) => op.shapeId);
    expect(ids.sort()).toEqual(['plain', 'r#0', 'r#1', 'r#2', 'r#3', 'r#4', 'r#5']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('write every copy to SVG with distinct ids', () => {
    const svg = exportSvg(doc);
    const rects = svg.match(/<rect /g) ?? [];
    expect(rects).toHaveLength(7);
    for (const suffix of ['#0', '#5']) expect(svg).toContain(`id="r${suffix}"`);
    expect(svg.match(/data-kerf-copy=/g)).toHaveLength(6);
    expect(svg).toContain('transform="matrix(1 0 0 1 24 15)"');
  });

  it('write every copy to DXF', () => {
    const single = exportDxf(docWith(rect('r', 10, 10, 10, 10)));
    const perShape = (single.match(/\nLWPOLYLINE\n/g) ?? []).length;
    expect(perShape).toBeGreaterThan(0);
    const dxf = exportDxf(docWith(arrayGroup(grid, [rect('r', 10, 10, 10, 10)])));
    expect((dxf.match(/\nLWPOLYLINE\n/g) ?? []).length).toBe(perShape * 6);
  });
});

describe('array objects in Kerf JSON', () => {
  it('survive a round trip', () => {
    const circle = arrayGroup({ kind: 'circular', count: 8, radius: 30, rotate: true }, [rect('c', 0, 0, 1, 1)], 'a2');
    const doc = docWith(arrayGroup(grid, [rect('r', 0, 0, 1, 1)]), circle);
    const back = parseDocument(serializeDocument(doc));
    expect(back.shapes).toEqual(doc.shapes);
    expect(leafShapes(back.shapes)).toHaveLength(14);
  });

  it('refuse arrays outside the limits', () => {
    const bad: unknown[] = [
      { ...grid, rows: 0 },
      { ...grid, columns: 1.5 },
      { ...grid, rowSpacing: 300 },
      { ...grid, columnSpacing: 400 },
      { ...grid, rows: 101, columns: 100 },
      { kind: 'circular', count: 0, radius: 1, rotate: true },
      { kind: 'circular', count: 3, radius: -1, rotate: true },
      { kind: 'circular', count: 10_001, radius: 1, rotate: true },
      { kind: 'spiral', count: 3 },
    ];
    for (const array of bad) {
      const json = JSON.stringify(
        docWith({ id: 'g', kind: 'group', transform: IDENTITY, children: [], array } as unknown as Shape),
      );
      expect(() => parseDocument(json), JSON.stringify(array)).toThrow(FormatError);
    }
  });
});

describe('array limits and messages', () => {
  it('report each bad grid field with the SPEC message', () => {
    const problems = arrayProblems({ kind: 'grid', rows: Number.NaN, columns: 2, rowSpacing: 300, columnSpacing: 400 });
    expect(problems.map((p) => p.field)).toEqual(['rows', 'rowSpacing', 'columnSpacing']);
    expect(problems[0]!.text).toEqual({
      'zh-CN': '阵列行数和列数不能为空',
      en: 'Enter the number of rows and columns',
    });
    expect(problems[1]!.text['zh-CN']).toBe('行间距必须小于 300');
    expect(problems[2]!.text['zh-CN']).toBe('列间距必须小于 400');
    expect(settingError(() => validateShapeArray({ ...grid, rows: 100, columns: 101 })).text).toEqual(
      LASER_MESSAGES.arrayTooMany,
    );
    expect(() => validateShapeArray({ ...grid, rows: 100, columns: 100 })).not.toThrow();
  });

  it('validate circular arrays: a whole count ≥ 1, a radius ≥ 0, at most 10,000 copies', () => {
    expect(() => validateCircularArray({ kind: 'circular', count: 1, radius: 0, rotate: false })).not.toThrow();
    for (const count of [0, 2.5, Number.NaN]) {
      const e = settingError(() => validateCircularArray({ kind: 'circular', count, radius: 5, rotate: false }));
      expect(e.text).toEqual(LASER_MESSAGES.arrayCountRequired);
      expect(e.text['zh-CN']).toBe('阵列数量必须是不小于 1 的整数');
    }
    for (const radius of [-0.1, Number.POSITIVE_INFINITY]) {
      const e = settingError(() => validateCircularArray({ kind: 'circular', count: 3, radius, rotate: false }));
      expect(e.text).toEqual(LASER_MESSAGES.arrayRadius);
      expect(e.message).toBe('The radius must be a number of 0 or more');
    }
    const tooMany = settingError(() =>
      validateCircularArray({ kind: 'circular', count: 10_001, radius: 5, rotate: false }),
    );
    expect(tooMany.text).toEqual(LASER_MESSAGES.arrayTooMany);
  });

  it('leave the source alone when the settings are broken', () => {
    const broken = arrayGroup({ ...grid, rows: 0 }, [rect('r', 0, 0, 1, 1)]);
    expect(leafShapes([broken])).toHaveLength(1);
    expect(arrayCopyCount({ ...grid, rows: 0 })).toBeNaN();
  });
});
