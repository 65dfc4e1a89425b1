import { describe, expect, it } from 'vitest';
import { ocsMap } from '../src/import/dxf/entities.js';
import { importDxf } from '../src/import/dxf/index.js';
import { documentBounds } from '../src/model/shapes.js';
import { ezdxfPython, r2000Dxf, runEzdxf, twoNumbers } from './ezdxf.js';

/** A 2D polyline with a bulge and a circle, both in the OCS of extrusion `n`, as an R2000 DXF. */
function tiltedDrawing(n: [number, number, number]): string {
  const ext: [number, number][] = [
    [210, n[0]],
    [220, n[1]],
    [230, n[2]],
  ];
  return r2000Dxf([
    [0, 'LWPOLYLINE'],
    [100, 'AcDbEntity'],
    [8, '0'],
    [100, 'AcDbPolyline'],
    [90, 4],
    [70, 1],
    [10, 10],
    [20, 5],
    [10, 60],
    [20, 5],
    [42, 0.5],
    [10, 60],
    [20, 40],
    [10, 10],
    [20, 40],
    ...ext,
    [0, 'CIRCLE'],
    [100, 'AcDbEntity'],
    [8, '0'],
    [100, 'AcDbCircle'],
    [10, 100],
    [20, 20],
    [30, 0],
    [40, 15],
    ...ext,
  ]);
}

/** ezdxf's world-coordinate extents (x and y) of every entity, from its own OCS handling. */
function ezdxfExtents(text: string): [number, number] {
  const script = `
import sys, ezdxf
from ezdxf import path
doc = ezdxf.readfile(sys.argv[1])
xs, ys = [], []
for e in doc.modelspace():
    for v in path.make_path(e).flattening(0.0005):
        xs.append(v.x); ys.append(v.y)
print(max(xs) - min(xs), max(ys) - min(ys))
`;
  return twoNumbers(runEzdxf(text, script));
}

describe('the arbitrary axis algorithm', () => {
  it('gives an orthonormal OCS whose x axis is perpendicular to the extrusion', () => {
    expect(ocsMap(0, 0, 1)).toBeNull();
    expect(ocsMap(0, 0, -1)).toBeNull();
    const n = [0.5, 0.3, 0.81];
    const m = ocsMap(n[0]!, n[1]!, n[2]!)!;
    // x = (Wz × N) normalised: (−Ny, Nx, 0) / |…|.
    const l = Math.hypot(n[0]!, n[1]!);
    expect(m[0]).toBeCloseTo(-n[1]! / l, 12);
    expect(m[1]).toBeCloseTo(n[0]! / l, 12);
  });
});

describe.skipIf(!ezdxfPython)('tilted entities (skipped without ezdxf)', () => {
  it.each([[[0.5, 0.3, 0.81]], [[0, 0.6, 0.8]], [[0.01, 0.005, 0.9999]], [[0.3, -0.2, -0.93]]] as [
    [number, number, number],
  ][])('are seen from above as ezdxf sees them (extrusion %j)', (n) => {
    const text = tiltedDrawing(n);
    const doc = importDxf(text);
    const b = documentBounds(doc, 0.0005);
    const [w, h] = ezdxfExtents(text);
    expect(b.maxX - b.minX).toBeCloseTo(w, 2);
    expect(b.maxY - b.minY).toBeCloseTo(h, 2);
  });
});
