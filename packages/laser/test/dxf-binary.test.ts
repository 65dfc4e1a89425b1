import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDxf } from '../src/import/dxf/index.js';
import { FormatError } from '../src/model/errors.js';
import { CORPUS, haveCorpus } from './corpus.js';
import { ezdxfPython } from './ezdxf.js';

const dir = mkdtempSync(join(tmpdir(), 'kerf-dxf-bin-'));

/** The corpus drawing saved again by ezdxf, as ASCII and as binary DXF (same writer, same content). */
function bothForms(name: string, version?: string): { ascii: Uint8Array; binary: Uint8Array } {
  const script = `
import sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
if sys.argv[4] != '-':
    doc.dxfversion = sys.argv[4]
doc.saveas(sys.argv[2])
doc.saveas(sys.argv[3], fmt='bin')
`;
  const ascii = join(dir, `${name}.dxf`);
  const binary = join(dir, `${name}.bin.dxf`);
  const r = spawnSync(ezdxfPython!, ['-c', script, join(CORPUS, 'cad', `${name}.dxf`), ascii, binary, version ?? '-'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return { ascii: new Uint8Array(readFileSync(ascii)), binary: new Uint8Array(readFileSync(binary)) };
}

describe.skipIf(!ezdxfPython || !haveCorpus)('binary DXF (skipped without ezdxf or the corpus)', () => {
  // (ezdxf 0.18 cannot write the proxy graphics of some corpus files in binary; these it can.)
  it.each([
    ['2000-entities-2d', undefined],
    ['sample_2018', undefined],
    ['2007-Text', undefined],
    ['r11-entities-2d', undefined],
    ['sample_2000', 'AC1009'],
  ])('reads %s as binary exactly as the same file in ASCII (%s)', (name, version) => {
    const { ascii, binary } = bothForms(name, version);
    expect(String.fromCharCode(...binary.subarray(0, 18))).toBe('AutoCAD Binary DXF');
    const fromBinary = importDxf(binary);
    const fromAscii = importDxf(ascii);
    expect(fromBinary.shapes.length).toBeGreaterThan(0);
    expect(fromBinary.layers).toEqual(fromAscii.layers);
    expect(fromBinary.shapes).toEqual(fromAscii.shapes);
    expect([fromBinary.width, fromBinary.height]).toEqual([fromAscii.width, fromAscii.height]);
  });

  it('says a binary file is cut short: refused inside a value, a note at a pair boundary (as for ASCII)', () => {
    const { binary } = bothForms('2000-entities-2d');
    let refused = 0;
    for (const share of [0.1, 0.3, 0.5, 0.77, 0.9]) {
      const cut = binary.subarray(0, Math.floor(binary.length * share));
      try {
        const doc = importDxf(cut);
        expect(doc.meta.warnings).toContain('the file ends before its EOF marker, so it may be cut short');
      } catch (error) {
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).reason).toMatch(/cut short/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
