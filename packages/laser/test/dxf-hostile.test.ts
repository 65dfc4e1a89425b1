import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importDxf } from '../src/import/dxf/index.js';
import type { PolygonShape } from '../src/model/document.js';
import { FormatError, TooLargeError } from '../src/model/errors.js';
import { leafShapes } from '../src/model/shapes.js';

/** Hostile DXF input, generated here: each case must end in a document or a FormatError, fast. */

const pairs = (...items: Array<[number, string | number]>) => items.map(([c, v]) => `${c}\n${v}`).join('\n');
const entities = (body: string) => `0\nSECTION\n2\nENTITIES\n${body}\n0\nENDSEC\n0\nEOF\n`;
const blocks = (list: Array<{ name: string; body: string }>) =>
  `0\nSECTION\n2\nBLOCKS\n${list.map((b) => `0\nBLOCK\n2\n${b.name}\n10\n0\n20\n0\n${b.body}\n0\nENDBLK`).join('\n')}\n0\nENDSEC\n`;
const insert = (name: string, x = 0) => pairs([0, 'INSERT'], [8, '0'], [2, name], [10, x], [20, 0]);

/** Runs an import and classifies the outcome; any other error fails the test. */
function outcome(input: string | Uint8Array): 'ok' | 'format' {
  try {
    importDxf(input);
    return 'ok';
  } catch (e) {
    if (e instanceof FormatError) return 'format';
    throw e;
  }
}

/** A realistic file with a header, a layer table, a block and every entity kind. */
function sample(): string {
  const header = `0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1015\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n`;
  const tables = `0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n70\n1\n0\nLAYER\n2\nCUT\n70\n0\n62\n1\n0\nENDTAB\n0\nENDSEC\n`;
  const block = blocks([{ name: 'B', body: pairs([0, 'CIRCLE'], [8, '0'], [10, 0], [20, 0], [40, 2]) }]);
  const body = [
    pairs([0, 'LINE'], [8, 'CUT'], [10, 0], [20, 0], [11, 10], [21, 10]),
    pairs(
      [0, 'LWPOLYLINE'],
      [8, 'CUT'],
      [90, 3],
      [70, 1],
      [10, 0],
      [20, 0],
      [42, 0.5],
      [10, 5],
      [20, 0],
      [10, 5],
      [20, 5],
    ),
    pairs([0, 'ARC'], [8, 'CUT'], [10, 3], [20, 3], [40, 1], [50, 10], [51, 200]),
    pairs(
      [0, 'SPLINE'],
      [8, 'CUT'],
      [71, 2],
      [40, 0],
      [40, 0],
      [40, 0],
      [40, 1],
      [40, 1],
      [40, 1],
      [10, 0],
      [20, 0],
      [10, 5],
      [20, 9],
      [10, 9],
      [20, 0],
    ),
    pairs([0, 'MTEXT'], [8, 'CUT'], [10, 1], [20, 1], [40, 2], [1, '{\\fArial;Hi}\\Pthere']),
    `${insert('B', 20)}\n${pairs([66, 1])}`,
    pairs([0, 'ATTRIB'], [8, '0'], [10, 1], [20, 1], [40, 1], [1, 'v'], [2, 'T']),
    pairs([0, 'SEQEND']),
    pairs(
      [0, 'HATCH'],
      [8, 'CUT'],
      [2, 'SOLID'],
      [70, 1],
      [91, 1],
      [92, 2],
      [72, 0],
      [73, 1],
      [93, 3],
      [10, 0],
      [20, 0],
      [10, 4],
      [20, 0],
      [10, 4],
      [20, 4],
      [97, 0],
    ),
  ].join('\n');
  return `${header}${tables}${block}${entities(body)}`;
}

describe('importDxf: hostile input', () => {
  it('reads the untouched sample', () => {
    const doc = importDxf(sample());
    expect(leafShapes(doc.shapes).length).toBe(8);
  });

  it('survives truncation at any point: a document or a FormatError, never another error', () => {
    const text = sample();
    const outcomes = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length }), (cut) => {
        outcomes.add(outcome(text.slice(0, cut)));
      }),
      { numRuns: 300, seed: 7 },
    );
    // Some cuts leave a readable drawing, others an unreadable one.
    expect([...outcomes].sort()).toEqual(['format', 'ok']);
    // A cut between pairs keeps what was read and says the file may be cut short.
    const lines = text.split('\n');
    const doc = importDxf(lines.slice(0, lines.length - 13).join('\n'));
    expect(doc.meta.warnings).toContain('the file ends before its EOF marker, so it may be cut short');
  });

  it('refuses an odd number of lines and non-numeric group codes with the line number', () => {
    expect(() => importDxf('0\nSECTION\n2\nENTITIES\n0')).toThrow(/ends after group code 0 without its value/);
    expect(() => importDxf('0\nSECTION\n2\nENTITIES\nLINE\n8\n')).toThrow(/line 5: "LINE" is not a group code/);
    expect(() => importDxf('hello world')).toThrow(FormatError);
    expect(() => importDxf('')).toThrow(/not a DXF file/);
  });

  it('refuses a binary DXF with nothing after its sentinel, and one read as text, with clear reasons', () => {
    const bytes = new Uint8Array([...Buffer.from('AutoCAD Binary DXF\r\n\x1a\0', 'latin1'), 0, 0]);
    expect(() => importDxf(bytes)).toThrow(/cut short/);
    expect(() => importDxf('AutoCAD Binary DXF\r\n\x1a\0')).toThrow(/open the file as bytes/);
  });

  it('refuses files over 50 MB before parsing', () => {
    expect(() => importDxf(new Uint8Array(50 * 1024 * 1024 + 1))).toThrow(TooLargeError);
  });

  it('refuses exponential block nesting (10 levels of 10 inserts each) quickly', () => {
    const levels = Array.from({ length: 10 }, (_, i) => ({
      name: `L${i}`,
      body:
        i === 9
          ? pairs([0, 'LINE'], [8, '0'], [10, 0], [20, 0], [11, 1], [21, 1])
          : Array.from({ length: 10 }, (_, k) => insert(`L${i + 1}`, k)).join('\n'),
    }));
    const text = `${blocks(levels)}${entities(insert('L0'))}`;
    expect(() => importDxf(text)).toThrow(/blocks expand to about 1\.0e\+9 entities, more than the 2,000,000/);
  });

  it('refuses MINSERT arrays with absurd counts and blocks nested beyond the depth limit', () => {
    const block = blocks([{ name: 'B', body: pairs([0, 'CIRCLE'], [8, '0'], [10, 0], [20, 0], [40, 1]) }]);
    const huge = `${block}${entities(`${insert('B')}\n${pairs([70, 100000], [71, 100000], [44, 1], [45, 1])}`)}`;
    expect(() => importDxf(huge)).toThrow(/more than the 2,000,000/);
    const chain = Array.from({ length: 300 }, (_, i) => ({
      name: `C${i}`,
      body: i === 299 ? pairs([0, 'LINE'], [8, '0'], [11, 1], [21, 1]) : insert(`C${i + 1}`),
    }));
    expect(() => importDxf(`${blocks(chain)}${entities(insert('C0'))}`)).toThrow(/nested more than 200 levels/);
  });

  it('refuses drawings spanning absurd distances (1e300) and skips NaN or infinite numbers', () => {
    const far = entities(pairs([0, 'LINE'], [8, '0'], [10, -1e300], [20, 0], [11, 1e300], [21, 0]));
    expect(() => importDxf(far)).toThrow(/more than 1,000 km/);
    const bad = entities(
      [
        pairs([0, 'LINE'], [8, '0'], [10, 'NaN'], [20, 0], [11, 1], [21, 1]),
        pairs([0, 'CIRCLE'], [8, '0'], [10, 'Infinity'], [20, 0], [40, 1]),
        pairs([0, 'LINE'], [8, '0'], [10, '1e999'], [20, 0], [11, 1], [21, 1]),
        pairs([0, 'LINE'], [8, '0'], [10, 0], [20, 0], [11, 'x'], [21, 1]),
        pairs([0, 'LINE'], [8, '0'], [10, 0], [20, 0], [11, 2], [21, 1]),
      ].join('\n'),
    );
    const doc = importDxf(bad);
    expect(doc.shapes.length).toBe(1);
    expect(doc.meta.warnings).toEqual(
      expect.arrayContaining(['3 invalid LINE entities were skipped', '1 invalid CIRCLE entity was skipped']),
    );
  });

  it('does not trust counts: an LWPOLYLINE claiming 1e9 vertices has the ones it lists', () => {
    const doc = importDxf(entities(pairs([0, 'LWPOLYLINE'], [8, '0'], [90, 1e9], [10, 0], [20, 0], [10, 3], [20, 4])));
    expect((doc.shapes[0] as PolygonShape).points.length).toBe(2);
    const spline = pairs([0, 'SPLINE'], [8, '0'], [71, 3], [72, 1e9], [73, 1e9], [40, 0], [10, 0], [20, 0]);
    expect(importDxf(entities(`${spline}\n${pairs([0, 'LINE'], [8, '0'], [11, 1], [21, 1])}`)).shapes.length).toBe(1);
  });

  it('skips splines with bad knots, weights or degree with a warning', () => {
    const ctrl = pairs([10, 0], [20, 0], [10, 1], [20, 1], [10, 2], [20, 0], [10, 3], [20, 1]);
    const knots = (ks: number[]) => ks.map((k) => `40\n${k}`).join('\n');
    const body = [
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 3])}\n${knots([0, 0, 0, 0, 2, 1, 1, 1])}\n${ctrl}`,
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 3])}\n${knots([0, 0, 0])}\n${ctrl}`,
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 3])}\n${knots([1, 1, 1, 1, 1, 1, 1, 1])}\n${ctrl}`,
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 99])}\n${ctrl}`,
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 3])}\n${knots([0, 0, 0, 0, 1, 1, 1, 1])}\n${ctrl}\n${pairs([41, 1], [41, -1], [41, 1], [41, 1])}`,
      `${pairs([0, 'SPLINE'], [8, '0'], [71, 3])}\n${knots([0, 0, 0, 0, 1, 1, 1, 1])}\n${ctrl}`,
    ].join('\n');
    const doc = importDxf(entities(body));
    expect(doc.shapes.length).toBe(1);
    expect(doc.meta.warnings).toContain('5 SPLINE entities were skipped because its data is not valid');
  });

  it('handles 200,000 nested MTEXT braces and a 1 MB text value', () => {
    const deep = `${'{'.repeat(200_000)}\\fArial;x${'}'.repeat(200_000)}`;
    const doc = importDxf(entities(pairs([0, 'MTEXT'], [8, '0'], [10, 0], [20, 0], [40, 1], [1, deep])));
    expect(leafShapes(doc.shapes).map((p) => (p.shape as { text?: string }).text)).toEqual(['x']);
    const long = importDxf(
      entities(pairs([0, 'TEXT'], [8, '0'], [10, 0], [20, 0], [40, 1], [1, 'a'.repeat(1_000_000)])),
    );
    expect(long.shapes.length).toBe(1);
  });

  it('survives random bytes and random pair streams', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        outcome(bytes);
      }),
      { numRuns: 200, seed: 11 },
    );
    const codes = [0, 2, 8, 10, 20, 11, 21, 40, 42, 50, 51, 62, 66, 70, 71, 72, 73, 90, 91, 92, 93, 97];
    const values = [
      'SECTION',
      'ENTITIES',
      'BLOCKS',
      'BLOCK',
      'ENDBLK',
      'INSERT',
      'HATCH',
      'SPLINE',
      'LWPOLYLINE',
      'POLYLINE',
      'VERTEX',
      'SEQEND',
      'ENDSEC',
      'B',
      '0',
      '1',
      '-1',
      '3',
      '1e9',
      'NaN',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...codes), fc.constantFrom(...values)), { maxLength: 200 }),
        (list) => {
          const text = `0\nSECTION\n2\nENTITIES\n${list.map(([c, v]) => `${c}\n${v}`).join('\n')}\n0\nEOF\n`;
          outcome(text);
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });
});
