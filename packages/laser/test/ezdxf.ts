import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A python with ezdxf, the independent DXF reader and writer the tests check Kerf against; undefined when absent. */
export const ezdxfPython: string | undefined = ['python3', '/usr/bin/python3'].find(
  (py) => spawnSync(py, ['-c', 'import ezdxf'], { encoding: 'utf8' }).status === 0,
);

let dir: string | undefined;

/** Writes `dxf` to a file and runs a python `script` on it with ezdxf (the file is sys.argv[1]); its output. */
export function runEzdxf(dxf: string, script: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'kerf-ezdxf-'));
  const file = join(dir, 'drawing.dxf');
  writeFileSync(file, dxf);
  const r = spawnSync(ezdxfPython!, ['-c', script, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

/** Width and height printed by a script as two numbers. */
export function twoNumbers(out: string): [number, number] {
  const [w, h] = out.trim().split(/\s+/).map(Number);
  return [w!, h!];
}

/** An AutoCAD 2000 DXF in millimetres holding the given entity pairs. */
export function r2000Dxf(entities: readonly [number, string | number][]): string {
  const pairs: [number, string | number][] = [
    [0, 'SECTION'],
    [2, 'HEADER'],
    [9, '$ACADVER'],
    [1, 'AC1015'],
    [9, '$INSUNITS'],
    [70, 4],
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    ...entities,
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ];
  return `${pairs.map(([code, v]) => `${code}\n${v}`).join('\n')}\n`;
}
