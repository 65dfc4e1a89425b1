import { type MyPlugin, type PluginManifest, type PluginSummary, pluginManifestSchema } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  addedPermissions,
  catalogueOf,
  matchesSearch,
  permissionsToConfirm,
  sortCatalogue,
  standingOf,
  visibleEntries,
  withdrawnMoveKind,
} from './plugin-catalogue';

function manifest(id: string, version: string, extra: Partial<PluginManifest> = {}): PluginManifest {
  return pluginManifestSchema.parse({
    id,
    version,
    name: { 'zh-CN': `${id} 中文名`, en: `${id} name` },
    description: { 'zh-CN': '画一颗星', en: 'Draws a star' },
    author: 'Kerf Labs',
    parameters: [],
    ...extra,
  });
}

function summary(id: string, version: string, extra: Partial<PluginSummary> = {}): PluginSummary {
  const m = manifest(id, version);
  return {
    id,
    version,
    name: m.name,
    description: m.description,
    author: m.author,
    builtin: false,
    hasIcon: false,
    permissions: [],
    ...extra,
  };
}

function mine(id: string, version: string | null, latest: string | null, extra: Partial<MyPlugin> = {}): MyPlugin {
  return {
    id,
    builtin: false,
    enabled: true,
    version,
    latest,
    manifest: manifest(id, version ?? '1.1.0'),
    ...extra,
  };
}

describe('a plugin’s standing for the person looking', () => {
  it('is available when it is not on the account', () => {
    expect(standingOf(undefined, summary('star', '1.0.0'))).toEqual({ kind: 'available' });
    expect(standingOf(undefined, summary('star', '1.0.0', { installed: null }))).toEqual({ kind: 'available' });
  });

  it('is installed at the newest version, enabled or not', () => {
    expect(standingOf(mine('star', '1.0.0', '1.0.0', { enabled: false }))).toEqual({
      kind: 'installed',
      version: '1.0.0',
      enabled: false,
    });
  });

  it('offers an update when a newer version is published, comparing versions as numbers', () => {
    expect(standingOf(mine('star', '1.9.0', '1.10.0'))).toEqual({
      kind: 'updatable',
      version: '1.9.0',
      latest: '1.10.0',
      enabled: true,
    });
    // the list's own `installed` stands in before mine answers
    expect(standingOf(undefined, summary('star', '2.0.0', { installed: { version: '1.0.0', enabled: true } }))).toEqual(
      { kind: 'updatable', version: '1.0.0', latest: '2.0.0', enabled: true },
    );
  });

  it('is withdrawn when the installed version no longer runs, naming the one it was', () => {
    expect(standingOf(mine('star', null, '1.0.0'))).toEqual({
      kind: 'withdrawn',
      was: '1.1.0',
      latest: '1.0.0',
      enabled: true,
    });
  });
});

describe('a withdrawn install', () => {
  it('names the withdrawn version from the list, mine showing the newest published manifest', () => {
    const newest = mine('star', null, '1.0.0', { manifest: manifest('star', '1.0.0') });
    const listed = summary('star', '1.0.0', { installed: { version: '1.1.0', enabled: true } });
    const [entry] = catalogueOf([listed], [newest]);
    expect(entry?.standing).toEqual({ kind: 'withdrawn', was: '1.1.0', latest: '1.0.0', enabled: true });
    // what 1.1.0 asked for is not known: moving asks about everything the target asks for
    expect(entry?.installedPermissions).toBeNull();
  });

  it('knows what the withdrawn version asked for when mine carries its manifest, and asks only what is new', () => {
    const held = mine('star', null, '1.0.0', {
      manifest: manifest('star', '1.1.0', { permissions: ['selection:read'] }),
    });
    const listed = summary('star', '1.0.0', {
      installed: { version: '1.1.0', enabled: true },
      permissions: ['selection:read'],
    });
    const [entry] = catalogueOf([listed], [held]);
    expect(entry?.standing).toEqual({ kind: 'withdrawn', was: '1.1.0', latest: '1.0.0', enabled: true });
    expect(entry?.installedPermissions).toEqual(['selection:read']);
    expect(permissionsToConfirm(entry!)).toEqual([]);
  });
});

describe('moving a withdrawn plugin', () => {
  it('is an update to a newer version, a switch to an older one, and nothing when none is published', () => {
    expect(withdrawnMoveKind({ kind: 'withdrawn', was: '1.1.0', latest: '1.2.0', enabled: true })).toBe('update');
    expect(withdrawnMoveKind({ kind: 'withdrawn', was: '1.1.0', latest: '1.0.0', enabled: true })).toBe('switch');
    expect(withdrawnMoveKind({ kind: 'withdrawn', was: '1.1.0', latest: null, enabled: true })).toBeNull();
  });
});

describe('the catalogue', () => {
  it('takes the installed state from mine once mine has answered, and keeps mine that are no longer listed', () => {
    const list = [
      summary('star', '1.1.0', { installed: { version: '1.0.0', enabled: true } }),
      summary('gone-from-mine', '1.0.0', { installed: { version: '1.0.0', enabled: true } }),
    ];
    const entries = catalogueOf(list, [mine('star', '1.1.0', '1.1.0'), mine('old', null, null)]);
    expect(entries.map((e) => [e.id, e.standing.kind, e.published])).toEqual([
      ['star', 'installed', true],
      ['gone-from-mine', 'available', true],
      ['old', 'withdrawn', false],
    ]);
    // an unlisted one shows what its manifest says
    expect(entries[2]).toMatchObject({ version: '1.1.0', author: 'Kerf Labs', name: { en: 'old name' } });
  });

  it('trusts the list’s installed state while mine is unknown', () => {
    const entries = catalogueOf(
      [summary('star', '1.0.0', { installed: { version: '1.0.0', enabled: false } })],
      undefined,
    );
    expect(entries[0]?.standing).toEqual({ kind: 'installed', version: '1.0.0', enabled: false });
  });

  it('lists built-ins first, then by name in the reader’s language', () => {
    const entries = catalogueOf(
      [
        summary('zeta', '1.0.0', { name: { 'zh-CN': '阿尔法', en: 'Zeta' } }),
        summary('alpha', '1.0.0', { name: { 'zh-CN': '泽塔', en: 'Alpha' } }),
        summary('kerf.gear', '1.0.0', { builtin: true, name: { 'zh-CN': '齿轮', en: 'Gear' } }),
      ],
      undefined,
    );
    expect(sortCatalogue(entries, 'en').map((e) => e.id)).toEqual(['kerf.gear', 'alpha', 'zeta']);
    expect(sortCatalogue(entries, 'zh-CN')[0]?.id).toBe('kerf.gear');
  });

  it('finds by any word of the name, description, author or id in either language', () => {
    const [star] = catalogueOf([summary('acme.star', '1.0.0')], undefined);
    expect(matchesSearch(star!, '')).toBe(true);
    expect(matchesSearch(star!, 'STAR')).toBe(true);
    expect(matchesSearch(star!, '画一颗')).toBe(true);
    expect(matchesSearch(star!, 'kerf labs')).toBe(true);
    expect(matchesSearch(star!, 'star gear')).toBe(false);
  });

  it('shows the published ones under all and only mine under mine', () => {
    const entries = catalogueOf(
      [summary('star', '1.0.0'), summary('moon', '1.0.0')],
      [mine('moon', '1.0.0', '1.0.0'), mine('old', null, null)],
    );
    expect(visibleEntries(entries, 'all', '', 'en').map((e) => e.id)).toEqual(['moon', 'star']);
    expect(visibleEntries(entries, 'mine', '', 'en').map((e) => e.id)).toEqual(['moon', 'old']);
    expect(visibleEntries(entries, 'mine', 'old', 'en').map((e) => e.id)).toEqual(['old']);
  });
});

describe('permissions an update asks for', () => {
  it('are those the new version asks for and the installed one did not', () => {
    expect(addedPermissions([], ['selection:read'])).toEqual(['selection:read']);
    expect(addedPermissions(['selection:read'], ['selection:read'])).toEqual([]);
  });

  it('are all the new version asks for when what the installed one asked is unknown', () => {
    expect(permissionsToConfirm({ permissions: ['selection:read'], installedPermissions: null })).toEqual([
      'selection:read',
    ]);
    expect(permissionsToConfirm({ permissions: ['selection:read'], installedPermissions: ['selection:read'] })).toEqual(
      [],
    );
    const [entry] = catalogueOf(
      [summary('star', '1.1.0', { permissions: ['selection:read'] })],
      [mine('star', '1.0.0', '1.1.0')],
    );
    expect(entry?.installedPermissions).toEqual([]);
    expect(permissionsToConfirm(entry!)).toEqual(['selection:read']);
  });
});
