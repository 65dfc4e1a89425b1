import type { DwgEntity } from '@mlightcad/libredwg-web';
import { describe, expect, it } from 'vitest';
import { type EntityExtras, mapEntity } from '../src/entities.js';

/**
 * The mapping from LibreDWG's entity objects (radians, DWG flag bits) to the neutral CAD form (degrees,
 * DXF conventions), on hand-made entities shaped like LibreDWG's output.
 */

const extras = (over: Partial<EntityExtras> = {}): EntityExtras => ({
  splineFlags: new Map(),
  preR13: false,
  vertices: new Map(),
  ...over,
});

const common = { handle: 'A1', ownerBlockRecordSoftId: '1F', layer: 'Cut', transparencyType: 0, isVisible: true };
const up = { x: 0, y: 0, z: 1 };
const down = { x: 0, y: 0, z: -1 };
const map = (e: object, x = extras()) => mapEntity(e as unknown as DwgEntity, x);

describe('LibreDWG entities to the CAD form', () => {
  it('turns ARC angles from radians into degrees and keeps a mirrored extrusion as -1', () => {
    const arc = map({
      ...common,
      type: 'ARC',
      center: { x: 1, y: 2, z: 0 },
      radius: 3,
      startAngle: Math.PI / 2,
      endAngle: (3 * Math.PI) / 2,
      extrusionDirection: down,
      colorIndex: 256,
    });
    expect(arc).toEqual({
      type: 'ARC',
      layer: 'Cut',
      center: { x: 1, y: 2 },
      radius: 3,
      startAngle: 90,
      endAngle: 270,
      extrusionZ: -1,
    });
  });

  it('keeps colour indices and true colours, and drops hidden entities without a warning', () => {
    const line = { ...common, type: 'LINE', startPoint: { x: 0, y: 0, z: 5 }, endPoint: { x: 1, y: 1, z: 5 } };
    expect(map({ ...line, colorIndex: 1, color: 0x336699 })).toMatchObject({ color: 1, trueColor: 0x336699 });
    expect(map({ ...line, colorIndex: 0 })).toMatchObject({ color: 0 });
    expect(map({ ...line, colorIndex: 0 }, extras({ preR13: true }))).not.toHaveProperty('color');
    expect(map({ ...line, isVisible: false })).toBeNull();
    // LINE is in world coordinates: a downward extrusion does not mirror it.
    expect(map({ ...line, extrusionDirection: down })).not.toHaveProperty('extrusionZ');
  });

  it('closes an LWPOLYLINE by DWG flag bit 512 and keeps bulges', () => {
    const poly = {
      ...common,
      type: 'LWPOLYLINE',
      extrusionDirection: { x: 0, y: 0, z: 0 },
      vertices: [
        { id: 0, x: 0, y: 0, bulge: 1 },
        { id: 1, x: 10, y: 0, bulge: 0 },
      ],
    };
    expect(map({ ...poly, flag: 512 })).toMatchObject({ type: 'POLYLINE', closed: true });
    expect(map({ ...poly, flag: 1 })).toMatchObject({ closed: false, vertices: [{ bulge: 1 }, { bulge: 0 }] });
    expect(map({ ...poly, flag: 0, vertices: [] })).toBe('empty LWPOLYLINE');
  });

  it('drops the spline frame of a spline-fit 2-D POLYLINE and skips meshes', () => {
    const vertex = (x: number, flag: number) => ({ x, y: 0, z: 0, bulge: 0, flag, startWidth: 0, endWidth: 0 });
    const poly = {
      ...common,
      type: 'POLYLINE2D',
      flag: 4 | 1,
      vertices: [vertex(0, 16), vertex(1, 8), vertex(2, 8), vertex(3, 16)],
    };
    expect(map(poly)).toMatchObject({ closed: true, vertices: [{ x: 1 }, { x: 2 }] });
    expect(map({ ...poly, flag: 64 })).toBe('polyface/mesh POLYLINE');
    // When LibreDWG's own vertex walk came up short, the raw VERTEX objects are used.
    const raw = [0, 5, 6, 7, 8].map((x) => ({ x, y: 1, bulge: 0, flag: 0 }));
    const fuller = map({ ...poly, flag: 0 }, extras({ vertices: new Map([['A1', raw]]) })) as { vertices: unknown[] };
    expect(fuller.vertices).toEqual(raw.map(({ x, y }) => ({ x, y, bulge: 0 })));
  });

  it('rewrites a downward ELLIPSE as the same curve counter-clockwise', () => {
    const ellipse = {
      ...common,
      type: 'ELLIPSE',
      center: { x: 0, y: 0, z: 0 },
      majorAxisEndPoint: { x: 2, y: 0, z: 0 },
      axisRatio: 0.5,
      startAngle: 0.5,
      endAngle: 2,
    };
    expect(map({ ...ellipse, extrusionDirection: up })).toMatchObject({ startParam: 0.5, endParam: 2 });
    const flipped = map({ ...ellipse, extrusionDirection: down });
    expect(flipped).toMatchObject({ startParam: -2, endParam: -0.5 });
    expect(flipped).not.toHaveProperty('extrusionZ');
  });

  it('places justified TEXT at its alignment point on the baseline, rotation in degrees', () => {
    const text = {
      ...common,
      type: 'TEXT',
      text: '%%c10',
      startPoint: { x: 1, y: 1 },
      endPoint: { x: 5, y: 5 },
      textHeight: 2,
      rotation: 0,
      extrusionDirection: up,
    };
    expect(map({ ...text, halign: 0, valign: 0 })).toMatchObject({
      position: { x: 1, y: 1 },
      align: 'left',
      text: '\u230010',
    });
    expect(map({ ...text, halign: 2, valign: 0 })).toMatchObject({ position: { x: 5, y: 5 }, align: 'right' });
    // Top-centre: the alignment point is the top of the text, the baseline one height lower.
    expect(map({ ...text, halign: 1, valign: 3 })).toMatchObject({ position: { x: 5, y: 3 }, align: 'center' });
    const rotated = map({ ...text, halign: 4, valign: 0, rotation: Math.PI / 2 }) as {
      rotation: number;
      position: { x: number };
    };
    expect(rotated.rotation).toBeCloseTo(90, 12);
    expect(rotated.position.x).toBeCloseTo(6, 12);
    expect(map({ ...text, textHeight: 0 })).toBe('invalid TEXT');
  });

  it('strips MTEXT codes, takes rotation from the x direction and moves to the first baseline', () => {
    const mtext = map({
      ...common,
      type: 'MTEXT',
      text: '{\\fArial;One}\\PTwo',
      insertionPoint: { x: 10, y: 10, z: 0 },
      textHeight: 3,
      attachmentPoint: 7,
      direction: { x: 0, y: 1, z: 0 },
      lineSpacing: 1,
      extrusionDirection: up,
    }) as { text: string; rotation: number; align: string; position: { x: number; y: number } };
    expect(mtext.text).toBe('One\nTwo');
    expect(mtext.rotation).toBeCloseTo(90, 12);
    expect(mtext.align).toBe('left');
    // Bottom-left attachment of two lines: the first baseline is one line pitch (5/3 × 3) above it.
    expect(mtext.position.x).toBeCloseTo(10 - 5, 9);
    expect(mtext.position.y).toBeCloseTo(10, 9);
  });

  it('maps INSERT with degrees, MINSERT arrays and visible attributes only', () => {
    const attrib = (text: string, flags: number) => ({
      ...common,
      type: 'ATTRIB',
      flags,
      text: {
        text,
        startPoint: { x: 1, y: 2 },
        endPoint: { x: 0, y: 0 },
        textHeight: 1,
        rotation: Math.PI,
        halign: 0,
        valign: 0,
      },
    });
    const insert = map({
      ...common,
      type: 'INSERT',
      name: 'PART',
      insertionPoint: { x: 5, y: 6, z: 0 },
      xScale: 2,
      yScale: -1,
      rotation: Math.PI / 6,
      columnCount: 3,
      rowCount: 0,
      columnSpacing: 10,
      rowSpacing: 0,
      extrusionDirection: up,
      attribs: [attrib('shown', 0), attrib('hidden', 1), attrib('', 0)],
    }) as unknown as { rotation: number; attribs: { text: string; rotation: number }[] };
    expect(insert).toMatchObject({ block: 'PART', scaleX: 2, scaleY: -1, columns: 3, rows: 1, columnSpacing: 10 });
    expect(insert.rotation).toBeCloseTo(30, 12);
    expect(insert.attribs.map((a) => a.text)).toEqual(['shown']);
    expect(insert.attribs[0]!.rotation).toBeCloseTo(180, 12);
    expect(map({ ...common, type: 'INSERT', name: '', insertionPoint: up, attribs: [] })).toBe(
      'INSERT of an unnamed block',
    );
  });

  it('maps HATCH boundaries: polyline loops closed, edge angles in degrees, bad loops refused', () => {
    const hatch = {
      ...common,
      type: 'HATCH',
      patternName: 'SOLID',
      solidFill: 1,
      extrusionDirection: up,
      boundaryPaths: [
        {
          boundaryPathTypeFlag: 2,
          isClosed: false,
          vertices: [
            { x: 0, y: 0, bulge: 0 },
            { x: 1, y: 0, bulge: 0.5 },
            { x: 1, y: 1, bulge: 0 },
          ],
        },
        {
          boundaryPathTypeFlag: 1,
          edges: [
            { type: 1, start: { x: 0, y: 0 }, end: { x: 1, y: 0 } },
            { type: 2, center: { x: 0, y: 0 }, radius: 1, startAngle: 0, endAngle: Math.PI, isCCW: false },
            {
              type: 3,
              center: { x: 0, y: 0 },
              end: { x: 2, y: 0 },
              lengthOfMinorAxis: 0.5,
              startAngle: 0,
              endAngle: Math.PI / 2,
              isCCW: true,
            },
            {
              type: 4,
              degree: 2,
              isRational: true,
              knots: [0, 0, 0, 1, 1, 1],
              controlPoints: [
                { x: 0, y: 0, w: 1 },
                { x: 1, y: 1, w: 0.5 },
                { x: 2, y: 0, w: 1 },
              ],
            },
          ],
        },
      ],
    };
    const mapped = map(hatch) as { solid: boolean; loops: { kind: string; closed?: boolean; edges?: unknown[] }[] };
    expect(mapped.solid).toBe(true);
    expect(mapped.loops[0]).toMatchObject({ kind: 'polyline', closed: true });
    expect(mapped.loops[1]!.edges).toEqual([
      { type: 'line', start: { x: 0, y: 0 }, end: { x: 1, y: 0 } },
      { type: 'arc', center: { x: 0, y: 0 }, radius: 1, startAngle: 0, endAngle: 180, ccw: false },
      {
        type: 'ellipse',
        center: { x: 0, y: 0 },
        majorAxis: { x: 2, y: 0 },
        ratio: 0.5,
        startAngle: 0,
        endAngle: 90,
        ccw: true,
      },
      {
        type: 'spline',
        degree: 2,
        knots: [0, 0, 0, 1, 1, 1],
        controlPoints: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 0 },
        ],
        weights: [1, 0.5, 1],
      },
    ]);
    const broken = {
      ...hatch,
      boundaryPaths: [
        { boundaryPathTypeFlag: 1, edges: [{ type: 2, center: up, radius: 0, startAngle: 0, endAngle: 1 }] },
      ],
    };
    expect(map(broken)).toBe('invalid HATCH');
    expect(map({ ...hatch, boundaryPaths: [] })).toBe('empty HATCH');
  });

  it('computes control points for fit-point splines and reads closed from the raw DXF flag', () => {
    const spline = map(
      {
        ...common,
        type: 'SPLINE',
        degree: 3,
        knots: [],
        controlPoints: [],
        fitPoints: [
          { x: 0, y: 0, z: 0 },
          { x: 5, y: 5, z: 0 },
          { x: 10, y: 0, z: 0 },
        ],
        startTangent: { x: 1, y: 0, z: 0 },
        endTangent: { x: 1, y: 0, z: 0 },
      },
      extras({ splineFlags: new Map([['A1', 1]]) }),
    ) as { controlPoints: unknown[]; knots: number[]; closed: boolean; fitPoints: unknown[] };
    expect(spline.closed).toBe(true);
    expect(spline.fitPoints).toHaveLength(3);
    // Closed: the first fit point is repeated, so 4 points give 6 control points and 10 knots.
    expect(spline.controlPoints).toHaveLength(6);
    expect(spline.knots).toHaveLength(10);
  });

  it('names skipped types and refuses non-finite numbers', () => {
    expect(map({ ...common, type: 'DIMENSION' })).toBe('DIMENSION');
    expect(map({ ...common, type: 'ATTDEF' })).toBeNull();
    const line = { ...common, type: 'LINE', startPoint: { x: Number.NaN, y: 0 }, endPoint: { x: 1, y: 1 } };
    expect(map(line)).toBe('invalid LINE');
    expect(map({ ...common, type: 'CIRCLE', center: up, radius: -1 })).toBe('invalid CIRCLE');
  });
});
