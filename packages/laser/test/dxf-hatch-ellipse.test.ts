import { describe, expect, it } from 'vitest';
import { importDxf } from '../src/import/dxf/index.js';
import { documentBounds } from '../src/model/shapes.js';
import { ezdxfPython, r2000Dxf, runEzdxf, twoNumbers } from './ezdxf.js';

/** A HATCH whose boundary is one ellipse edge (angles from the major axis) closed by a line. */
function hatchWithEllipseEdge(start: number, end: number, ccw: boolean): string {
  const ratio = 0.5;
  const c = { x: 50, y: 40 };
  const major = { x: 16, y: 12 }; // 20 long, turned
  const at = (deg: number) => {
    // Where the angle from the major axis meets the ellipse (what AutoCAD's edge angles mean).
    const a = ((ccw ? deg : 360 - deg) * Math.PI) / 180;
    const ra = 20;
    const rb = ra * ratio;
    const r = (ra * rb) / Math.hypot(rb * Math.cos(a), ra * Math.sin(a));
    const t = Math.atan2(major.y, major.x);
    return { x: c.x + r * Math.cos(a + t), y: c.y + r * Math.sin(a + t) };
  };
  const [from, to] = [at(end), at(start)];
  return r2000Dxf([
    [0, 'HATCH'],
    [100, 'AcDbEntity'],
    [8, 'H'],
    [100, 'AcDbHatch'],
    [10, 0],
    [20, 0],
    [30, 0],
    [2, 'SOLID'],
    [70, 1],
    [71, 0],
    [91, 1],
    [92, 1],
    [93, 2],
    [72, 3],
    [10, c.x],
    [20, c.y],
    [11, major.x],
    [21, major.y],
    [40, ratio],
    [50, start],
    [51, end],
    [73, ccw ? 1 : 0],
    [72, 1],
    [10, from.x],
    [20, from.y],
    [11, to.x],
    [21, to.y],
    [97, 0],
    [75, 0],
    [76, 1],
    [98, 0],
  ]);
}

/** ezdxf's own reading of the hatch: the extents of its boundary path. */
function ezdxfExtents(text: string): [number, number] {
  const script = `
import sys, ezdxf
from ezdxf import path, bbox
doc = ezdxf.readfile(sys.argv[1])
hatch = doc.modelspace()[0]
p = list(path.from_hatch(hatch))[0]
pts = list(p.flattening(0.0005))
xs = [v.x for v in pts]; ys = [v.y for v in pts]
print(max(xs) - min(xs), max(ys) - min(ys))
`;
  return twoNumbers(runEzdxf(text, script));
}

describe.skipIf(!ezdxfPython)('HATCH ellipse edges (skipped without ezdxf)', () => {
  it.each([
    [300, 420, true],
    [30, 250, true],
    [300, 420, false],
  ])('reads an edge from %s° to %s° (counter-clockwise: %s) as ezdxf does', (start, end, ccw) => {
    const text = hatchWithEllipseEdge(start, end, ccw);
    const doc = importDxf(text);
    const b = documentBounds(doc, 0.0005);
    const [w, h] = ezdxfExtents(text);
    expect(b.maxX - b.minX).toBeCloseTo(w, 2);
    expect(b.maxY - b.minY).toBeCloseTo(h, 2);
  });

  it('reads an edge from 0° to 360° as the whole ellipse (checked against its exact extents)', () => {
    const b = documentBounds(importDxf(hatchWithEllipseEdge(0, 360, true)), 0.0005);
    // Semi-axes 20 and 10, turned by atan2(12, 16): half-widths √(a²cos²t + b²sin²t) and √(a²sin²t + b²cos²t).
    const t = Math.atan2(12, 16);
    expect(b.maxX - b.minX).toBeCloseTo(2 * Math.hypot(20 * Math.cos(t), 10 * Math.sin(t)), 2);
    expect(b.maxY - b.minY).toBeCloseTo(2 * Math.hypot(20 * Math.sin(t), 10 * Math.cos(t)), 2);
  });
});
