import { describe, expect, it } from 'vitest';
import { onlineQueryOf, sessionOwner } from './online-query';

describe('sessions online', () => {
  it('leaves blank filters out of the search', () => {
    expect(onlineQueryOf({ userName: ' ada ', ip: ' ' })).toEqual({ userName: 'ada' });
    expect(onlineQueryOf({ ip: '10.0.' })).toEqual({ ip: '10.0.' });
    expect(onlineQueryOf({})).toEqual({});
  });

  it('names a session by nick name, or login name without one', () => {
    expect(sessionOwner({ nickName: 'Ada', loginName: 'u_ada' })).toBe('Ada');
    expect(sessionOwner({ nickName: '', loginName: 'u_ada' })).toBe('u_ada');
  });
});
