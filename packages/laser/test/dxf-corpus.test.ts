import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importDxf, unitScale } from '../src/import/dxf/index.js';
import type { EllipseShape, KerfDocument } from '../src/model/document.js';
import { documentBounds, leafShapes } from '../src/model/shapes.js';
import { CORPUS, haveCorpus } from './corpus.js';

/**
 * The DXF files of the shared corpus: each imports, and its geometry agrees with what ezdxf (an
 * independent reader, run here in a subprocess) finds in the same file.
 */

const CAD = join(CORPUS, 'cad');
const files = haveCorpus
  ? readdirSync(CAD)
      .filter((f) => f.endsWith('.dxf'))
      .sort()
  : [];

/** A Python with ezdxf, or undefined. */
function findPython(): string | undefined {
  for (const py of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(py, ['-c', 'import ezdxf'], { encoding: 'utf8' });
    if (r.status === 0) return py;
  }
  return undefined;
}
const python = haveCorpus ? findPython() : undefined;

/** What ezdxf sees in each file: visible supported entities (blocks expanded), extents, circles. */
const FACTS_PY = `
import sys, json, ezdxf
from ezdxf import path as ezpath
GEO = {'LINE','ARC','CIRCLE','ELLIPSE','LWPOLYLINE','POLYLINE','SPLINE','HATCH'}
TEXT = {'TEXT','MTEXT','ATTRIB'}
out = {}
for path in sys.argv[1:]:
    doc = ezdxf.readfile(path)
    hidden = {l.dxf.name.upper() for l in doc.layers if l.is_off() or l.is_frozen()}
    geo = []
    texts = 0
    def walk(entities, inherited, depth):
        global texts
        for e in entities:
            t = e.dxftype()
            if t not in GEO and t not in TEXT and t != 'INSERT':
                continue
            layer = e.dxf.get('layer', '0')
            if layer == '0' and inherited is not None:
                layer = inherited
            if layer.upper() in hidden or e.dxf.get('invisible', 0):
                continue
            if t == 'INSERT':
                for a in e.attribs:
                    if not a.is_invisible and a.dxf.text:
                        texts += 1
                if doc.blocks.get(e.dxf.name) is None:
                    continue
                cells = list(e.multi_insert()) if e.mcount > 1 else [e]
                for cell in cells:
                    walk(list(cell.virtual_entities()), layer, depth + 1)
            elif t == 'POLYLINE' and (e.is_poly_face_mesh or e.is_polygon_mesh):
                continue
            elif t in GEO:
                geo.append(e)
            elif t in TEXT:
                texts += 1
    msp = doc.modelspace()
    walk(msp, None, 0)
    # Extents from finely flattened curves (ezdxf's bbox module and Bézier paths round curves outwards).
    def points(e):
        t = e.dxftype()
        if t in ('LWPOLYLINE', 'POLYLINE'):
            for sub in e.virtual_entities():
                yield from points(sub)
        elif t == 'LINE':
            yield e.dxf.start
            yield e.dxf.end
        elif t == 'HATCH':
            for p in ezpath.from_hatch(e):
                yield from p.flattening(1e-4, segments=16)
        else:
            yield from e.flattening(1e-4)
    xs, ys = [], []
    for e in geo:
        for v in points(e):
            xs.append(v[0])
            ys.append(v[1])
    types = {}
    for e in msp:
        types[e.dxftype()] = types.get(e.dxftype(), 0) + 1
    circles = sorted(e.dxf.radius for e in msp if e.dxftype() == 'CIRCLE' and e.dxf.layer.upper() not in hidden and not e.dxf.get('invisible', 0))
    out[path] = {
        'units': doc.header.get('$INSUNITS', 0),
        'geo': len(geo),
        'texts': texts,
        'types': types,
        'size': [max(xs) - min(xs), max(ys) - min(ys)] if xs else None,
        'circles': circles,
    }
print(json.dumps(out))
`;

interface Facts {
  units: number;
  geo: number;
  texts: number;
  types: Record<string, number>;
  size: [number, number] | null;
  circles: number[];
}

/** Warnings the importer may give, in plain words. */
const WARNING_FORMS = [
  /^\d+ [A-Za-z0-9_/ -]+ (entity was|entities were) skipped$/,
  /^\d+ [A-Z]+ (entity was|entities were) skipped because its data is not valid$/,
  /^block ".*" is not defined in the file, so \d+ inserts? of it (was|were) skipped$/,
  /^\d+ entit(y|ies) on layers that are off or frozen \(or hidden\) were not imported$/,
  /^\d+ text (entity was|entities were) imported as editable text; the editor makes their outlines$/,
  /^the drawing has no geometry Kerf can import$/,
  /^the file ends before its EOF marker, so it may be cut short$/,
];

describe.skipIf(!haveCorpus || !python)('importDxf: corpus (skipped when the corpus or ezdxf is absent)', () => {
  let facts: Record<string, Facts> = {};
  const docs = new Map<string, KerfDocument>();

  beforeAll(() => {
    const paths = files.map((f) => join(CAD, f));
    const r = spawnSync(python!, ['-c', FACTS_PY, ...paths], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`ezdxf failed: ${r.stderr}`);
    facts = JSON.parse(r.stdout) as Record<string, Facts>;
    for (const f of files) docs.set(f, importDxf(new Uint8Array(readFileSync(join(CAD, f))), { name: f }));
  }, 120_000);

  it('finds the DXF files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s: same entities and extents as ezdxf, sensible warnings', (file) => {
    const doc = docs.get(file)!;
    const want = facts[join(CAD, file)]!;
    const leaves = leafShapes(doc.shapes);
    const texts = leaves.filter((p) => p.shape.kind === 'text').length;
    expect(leaves.length - texts, 'geometric entities').toBe(want.geo);
    expect(texts, 'texts').toBe(want.texts);
    const warnings = doc.meta.warnings ?? [];
    for (const w of warnings)
      expect(
        WARNING_FORMS.some((re) => re.test(w)),
        w,
      ).toBe(true);
    if (want.geo + want.texts === 0) {
      expect(warnings).toContain('the drawing has no geometry Kerf can import');
      return;
    }
    // Every kind of model-space entity ezdxf sees that Kerf does not draw is named in a warning.
    const drawn = new Set([
      'LINE',
      'ARC',
      'CIRCLE',
      'ELLIPSE',
      'LWPOLYLINE',
      'POLYLINE',
      'SPLINE',
      'HATCH',
      'TEXT',
      'MTEXT',
      'INSERT',
      'ATTDEF',
    ]);
    for (const type of Object.keys(want.types)) {
      if (!drawn.has(type))
        expect(
          warnings.some((w) => w.includes(` ${type} `)),
          type,
        ).toBe(true);
    }
    const s = unitScale(want.units);
    if (want.size) {
      const b = documentBounds(doc, 0.001);
      const [w, h] = [want.size[0] * s, want.size[1] * s];
      const slack = (v: number) => 0.05 + 1e-4 * v;
      expect(Math.abs(b.maxX - b.minX - w), `width ${b.maxX - b.minX} vs ${w}`).toBeLessThan(slack(w));
      expect(Math.abs(b.maxY - b.minY - h), `height ${b.maxY - b.minY} vs ${h}`).toBeLessThan(slack(h));
      // The geometry sits at the top-left of the work area (text may widen the area).
      expect(b.minX).toBeGreaterThanOrEqual(-0.01);
      expect(b.minY).toBeGreaterThanOrEqual(-0.01);
      expect(doc.width).toBeGreaterThanOrEqual(b.maxX - 0.01);
      expect(doc.height).toBeGreaterThanOrEqual(b.maxY - 0.01);
    }
    const circles = doc.shapes
      .filter((sh): sh is EllipseShape => sh.kind === 'ellipse' && sh.rx === sh.ry)
      .map((c) => c.rx)
      .sort((a, b) => a - b);
    expect(circles.length).toBe(want.circles.length);
    for (const [i, r] of want.circles.entries()) expect(circles[i]).toBeCloseTo(r * s, 9);
  });

  it('2007-circle.dxf holds one circle of the radius ezdxf reads, at the top-left', () => {
    const doc = docs.get('2007-circle.dxf')!;
    const want = facts[join(CAD, '2007-circle.dxf')]!;
    expect(doc.shapes.length).toBe(1);
    const c = doc.shapes[0] as EllipseShape;
    const r = want.circles[0]! * unitScale(want.units);
    expect([c.kind, c.rx, c.ry]).toEqual(['ellipse', r, r]);
    expect(c.cx).toBeCloseTo(r, 9);
    expect(c.cy).toBeCloseTo(r, 9);
    expect(doc.width).toBeCloseTo(2 * r, 9);
  });

  it('the DXF versions R12 to 2018 of one drawing give the same geometry', () => {
    const sizes = ['example_2000.dxf', 'example_2007.dxf', 'example_2018.dxf'].map((f) => {
      const d = docs.get(f)!;
      return [d.width, d.height, leafShapes(d.shapes).length, d.layers.map((l) => l.name).join()];
    });
    expect(sizes[1]).toEqual(sizes[0]);
    expect(sizes[2]).toEqual(sizes[0]);
  });
});
