import { describe, expect, it } from 'vitest';
import { manageQuery, readManageLocation, returnPath, tabsFor, tryItPath } from './manage-location';

const visitor = { signedIn: false, publisher: false };
const user = { signedIn: true, publisher: false };
const admin = { signedIn: true, publisher: true };

describe('the plugin manager’s address', () => {
  it('offers browsing to everyone, my plugins when signed in, publishing to publishers', () => {
    expect(tabsFor(visitor)).toEqual(['browse']);
    expect(tabsFor(user)).toEqual(['browse', 'mine']);
    expect(tabsFor(admin)).toEqual(['browse', 'mine', 'publishing']);
  });

  it('opens a tab only for someone who has it', () => {
    const params = new URLSearchParams({ tab: 'publishing', id: 'acme.star', q: 'star' });
    expect(readManageLocation(params, admin)).toEqual({ tab: 'publishing', id: 'acme.star', search: 'star' });
    expect(readManageLocation(params, user).tab).toBe('browse');
    expect(readManageLocation(new URLSearchParams({ tab: 'mine' }), visitor).tab).toBe('browse');
    expect(readManageLocation(new URLSearchParams({ tab: 'nonsense' }), admin).tab).toBe('browse');
    expect(readManageLocation(new URLSearchParams({ id: '  ' }), admin).id).toBeNull();
  });

  it('writes back only what differs from the default view', () => {
    expect(manageQuery({ tab: 'browse', id: null, search: '  ' })).toEqual({});
    expect(manageQuery({ tab: 'mine', id: 'acme.star', search: 'gear' })).toEqual({
      tab: 'mine',
      id: 'acme.star',
      q: 'gear',
    });
    const round = readManageLocation(new URLSearchParams(manageQuery({ tab: 'mine', id: 'a.b', search: 'x' })), user);
    expect(round).toEqual({ tab: 'mine', id: 'a.b', search: 'x' });
  });

  it('leads back to the plugin after signing in, and to its own page to try it', () => {
    expect(returnPath('acme.star')).toBe('/pluginsManage?id=acme.star');
    expect(returnPath(null)).toBe('/pluginsManage');
    expect(tryItPath('a b')).toBe('/plugin?id=a%20b');
  });
});
