import { spawnSync } from 'node:child_process';

/** A python with ezdxf, the independent DXF reader and writer the tests check Kerf against; undefined when absent. */
export const ezdxfPython: string | undefined = ['python3', '/usr/bin/python3'].find(
  (py) => spawnSync(py, ['-c', 'import ezdxf'], { encoding: 'utf8' }).status === 0,
);
