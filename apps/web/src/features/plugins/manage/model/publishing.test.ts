import {
  PLUGIN_LIMITS,
  type PluginDetail,
  type PluginVersionStatus,
  type PluginVersionView,
  pluginManifestSchema,
} from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  newestFirst,
  packageFileIssue,
  publishesBelowLive,
  publishingRowOf,
  publishingRows,
  versionActions,
} from './publishing';

function version(v: string, status: PluginVersionStatus, createdAt = '2026-01-01T00:00:00Z'): PluginVersionView {
  return {
    version: v,
    status,
    size: 1200,
    createdAt,
    publishedAt: status === 'published' ? createdAt : null,
    manifest: pluginManifestSchema.parse({
      id: 'acme.star',
      version: v,
      name: { 'zh-CN': '星形', en: 'Star' },
      description: { 'zh-CN': '画一颗星', en: 'Draws a star' },
      author: 'Acme',
      parameters: [],
    }),
  };
}

function plugin(id: string, versions: PluginVersionView[]): PluginDetail {
  const shown = versions[0]!;
  return {
    id,
    version: shown.version,
    name: shown.manifest.name,
    description: shown.manifest.description,
    author: 'Acme',
    builtin: false,
    hasIcon: false,
    permissions: [],
    manifest: shown.manifest,
    versions,
  };
}

describe('a picked package', () => {
  it('must be a non-empty zip within the size limit', () => {
    expect(packageFileIssue({ name: 'star.zip', size: 2048 })).toBeNull();
    expect(packageFileIssue({ name: 'STAR.ZIP', size: 2048 })).toBeNull();
    expect(packageFileIssue({ name: 'star.js', size: 2048 })).toEqual({ kind: 'notZip' });
    expect(packageFileIssue({ name: 'star.zip', size: 0 })).toEqual({ kind: 'empty' });
    expect(packageFileIssue({ name: 'star.zip', size: PLUGIN_LIMITS.packageMaxBytes })).toBeNull();
    expect(packageFileIssue({ name: 'star.zip', size: PLUGIN_LIMITS.packageMaxBytes + 1 })).toEqual({
      kind: 'tooLarge',
      maxBytes: PLUGIN_LIMITS.packageMaxBytes,
    });
  });
});

describe('a version’s actions', () => {
  it('publish a draft or a withdrawn version, withdraw a published one', () => {
    expect(versionActions('draft')).toEqual(['publish']);
    expect(versionActions('withdrawn')).toEqual(['publish']);
    expect(versionActions('published')).toEqual(['withdraw']);
  });

  it('are none for a built-in plugin', () => {
    expect(versionActions('published', true)).toEqual([]);
  });
});

describe('the publishing list', () => {
  it('orders versions newest first by number, and knows the live one and the drafts', () => {
    const row = publishingRowOf(
      plugin('acme.star', [version('1.2.0', 'draft'), version('1.10.0', 'withdrawn'), version('1.9.0', 'published')]),
    );
    expect(row.versions.map((v) => v.version)).toEqual(['1.10.0', '1.9.0', '1.2.0']);
    expect(row.newest?.version).toBe('1.10.0');
    expect(row.live?.version).toBe('1.9.0');
    expect(row.drafts).toBe(1);
    expect(newestFirst([version('0.9.0', 'draft'), version('0.10.0', 'draft')]).map((v) => v.version)).toEqual([
      '0.10.0',
      '0.9.0',
    ]);
  });

  it('leaves the built-ins out, and puts plugins with a draft first, then the most recently uploaded', () => {
    const rows = publishingRows([
      plugin('old', [version('1.0.0', 'published', '2026-01-01T00:00:00Z')]),
      plugin('recent', [version('1.0.0', 'published', '2026-03-01T00:00:00Z')]),
      plugin('waiting', [version('1.0.0', 'draft', '2025-06-01T00:00:00Z')]),
      { ...plugin('kerf.gear', [version('1.0.0', 'published', '2026-04-01T00:00:00Z')]), builtin: true },
    ]);
    expect(rows.map((r) => r.plugin.id)).toEqual(['waiting', 'recent', 'old']);
  });

  it('warns when publishing a version below the live one', () => {
    const row = publishingRowOf(plugin('acme.star', [version('1.1.0', 'published'), version('1.0.0', 'withdrawn')]));
    expect(publishesBelowLive(row, '1.0.0')).toBe(true);
    expect(publishesBelowLive(row, '1.2.0')).toBe(false);
    expect(publishesBelowLive(publishingRowOf(plugin('x', [version('1.0.0', 'draft')])), '1.0.0')).toBe(false);
  });
});
