import { describe, expect, it } from 'vitest';
import { unconvertedByOwner } from '../src/convert.js';
import { MODEL_SPACE, type RawScan } from '../src/scan.js';

describe('entities the DWG reader leaves out', () => {
  it('are counted by owner, block references included; parts of polylines and blocks are not', () => {
    const scan: RawScan = {
      entities: [
        { handle: '1A', dxfName: 'INSERT', owner: MODEL_SPACE },
        { handle: '1B', dxfName: 'INSERT', owner: MODEL_SPACE },
        { handle: '1C', dxfName: 'LINE', owner: MODEL_SPACE },
        { handle: '1D', dxfName: 'REGION', owner: '2F' },
        { handle: '1E', dxfName: 'VERTEX_2D', owner: MODEL_SPACE },
        { handle: '20', dxfName: 'ATTRIB', owner: MODEL_SPACE },
      ],
      splineFlags: new Map(),
      minserts: new Map(),
      vertices: new Map(),
      preR13Inserts: new Map(),
    };
    const lost = unconvertedByOwner(scan, new Set(['1B', '1C']));
    expect(lost.get(MODEL_SPACE)).toEqual(new Map([['INSERT (a block reference the DWG reader did not return)', 1]]));
    expect(lost.get('2F')).toEqual(new Map([['REGION', 1]]));
  });
});
