import { describe, expect, it } from 'vitest';
import { checkMove } from './move-rules';

const folder = (path: string, folderId: string) => ({ isDir: 1 as const, path, folderId });
const file = (path: string, folderId: string) => ({ isDir: 0 as const, path, folderId });

describe('move rules (SPEC §5)', () => {
  it('counts a move to the current parent as done with no call', () => {
    expect(checkMove([folder('/a/b', 'A')], { id: 'A', path: '/a' })).toBe('noop');
    expect(checkMove([file('/x.dxf', '0')], { id: '0', path: '/' })).toBe('noop');
  });

  it('refuses a folder into itself or below it', () => {
    expect(checkMove([folder('/a', '0')], { id: 'A', path: '/a' })).toBe('illegal');
    expect(checkMove([folder('/a', '0')], { id: 'C', path: '/a/b/c' })).toBe('illegal');
    expect(checkMove([folder('/a', '0')], { id: 'C', path: '/a/b/c' }, 'copy')).toBe('illegal');
    // a sibling whose name starts the same is fine
    expect(checkMove([folder('/a', '0')], { id: 'AB', path: '/ab' })).toBe('ok');
    // a file named like the target is not a folder
    expect(checkMove([file('/a', '0')], { id: 'A2', path: '/a/x' })).toBe('ok');
  });

  it('moves elsewhere; copies into the same folder', () => {
    expect(checkMove([folder('/a/b', 'A'), file('/c.txt', '0')], { id: 'D', path: '/d' })).toBe('ok');
    expect(checkMove([file('/x.dxf', '0')], { id: '0', path: '/' }, 'copy')).toBe('ok');
    expect(checkMove([], { id: '0', path: '/' })).toBe('noop');
  });
});
