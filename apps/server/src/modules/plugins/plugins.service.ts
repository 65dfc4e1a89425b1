import {
  type Bilingual,
  compareVersions,
  type Grants,
  hasPermission,
  type MyPlugin,
  PLUGIN_ID_PATTERN,
  PLUGIN_PERMISSIONS,
  PLUGIN_VERSION_PATTERN,
  type PluginDetail,
  type PluginSummary,
  type PluginVersionStatus,
  type PluginVersionView,
  pluginMessages,
  ResultCode,
} from '@kerf/contract';
import { BUILTIN_PLUGIN_IDS } from '@kerf/plugins/builtin';
import type { FastifyBaseLogger } from 'fastify';
import type { PluginInstallRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { builtinVersions, versionDigest } from './builtin-plugins.js';
import { readPluginPackage } from './plugin-package.js';
import type { NewVersion, PluginRepository, UploadTarget, VersionSummary } from './plugins.repository.js';

/** Who is asking: a signed-in person with their grants, or a visitor (null). */
export type PluginCaller = (Grants & { userId: string }) | null;

export interface PluginDeps {
  plugins: PluginRepository;
  log: FastifyBaseLogger;
  /** The built-in plugins to store at start; @kerf/plugins' by default. */
  builtins?: () => Promise<NewVersion[]>;
}

const notFound = () => AppError.notFound(pluginMessages.notFound);
const versionNotFound = () => AppError.notFound(pluginMessages.versionNotFound);
const conflict = (message: Bilingual, ...args: string[]) =>
  new AppError(409, message, { code: ResultCode.conflict, args });

/** Ids starting `kerf.` are kept for the plugins Kerf ships, present and future. */
export function reservedForBuiltins(id: string): boolean {
  return BUILTIN_PLUGIN_IDS.has(id) || id.startsWith('kerf.');
}

function summaryOf(v: VersionSummary): PluginSummary {
  const { manifest } = v;
  return {
    id: v.pluginId,
    version: v.version,
    name: manifest.name,
    description: manifest.description,
    author: manifest.author,
    builtin: v.builtin,
    hasIcon: v.hasIcon,
    permissions: manifest.permissions,
  };
}

function versionView(v: VersionSummary): PluginVersionView {
  return {
    version: v.version,
    status: v.status,
    size: v.packageSize,
    createdAt: v.createdAt.toISOString(),
    publishedAt: v.publishedAt?.toISOString() ?? null,
    manifest: v.manifest,
  };
}

/** Version summaries (each plugin's newest first, as the repository orders them) by plugin, in order. */
function byPlugin(versions: readonly VersionSummary[]): VersionSummary[][] {
  const groups = new Map<string, VersionSummary[]>();
  for (const v of versions) {
    const group = groups.get(v.pluginId);
    if (group) group.push(v);
    else groups.set(v.pluginId, [v]);
  }
  return [...groups.values()];
}

/** What a plugin's list entry says about the caller's install: built-ins are always there. */
function installedOf(newest: VersionSummary, row: PluginInstallRow | undefined): PluginSummary['installed'] {
  if (newest.builtin) return { version: row?.version ?? newest.version, enabled: row?.enabled ?? true };
  return row?.version ? { version: row.version, enabled: row.enabled } : null;
}

/**
 * Plugins (SPEC §2 /pluginsManage): browsing what is published, each person's installs, and the
 * administrators' packages, checked, kept as drafts, then published or withdrawn. Built-in plugins are
 * stored at start like published packages, so they are listed and served the same way.
 */
export class PluginService {
  constructor(private readonly deps: PluginDeps) {}

  isManager(caller: PluginCaller): boolean {
    return caller !== null && hasPermission(caller, PLUGIN_PERMISSIONS.manage);
  }

  /**
   * Start-up: each built-in plugin's shipped version is stored as published. A version already stored
   * with the same content is left alone; a changed one takes the new content; a new one is added
   * beside the older ones.
   */
  async seedBuiltins(): Promise<{ stored: number; millis: number }> {
    const started = performance.now();
    const shipped = await (this.deps.builtins ?? builtinVersions)();
    const stored = await this.deps.plugins.builtinDigests();
    const changed = shipped.filter((v) => stored.get(`${v.pluginId}@${v.version}`) !== v.digest);
    await this.deps.plugins.upsertBuiltins(changed);
    const millis = Math.round(performance.now() - started);
    this.deps.log.debug({ stored: changed.length, millis }, 'built-in plugins ready');
    return { stored: changed.length, millis };
  }

  /** Published plugins, each at its newest published version, with the caller's install when signed in. */
  async list(caller: PluginCaller): Promise<PluginSummary[]> {
    const newest = byPlugin(await this.deps.plugins.versions({ statuses: ['published'] })).map((g) => g[0]!);
    if (!caller) return newest.map(summaryOf);
    const installs = await this.installsOf(caller.userId);
    return newest.map((v) => ({ ...summaryOf(v), installed: installedOf(v, installs.get(v.pluginId)) }));
  }

  /** One plugin with its published versions; an administrator sees every version. */
  async one(caller: PluginCaller, id: string): Promise<PluginDetail> {
    const manager = this.isManager(caller);
    const versions = PLUGIN_ID_PATTERN.test(id)
      ? await this.deps.plugins.versions({ pluginId: id, statuses: manager ? undefined : ['published'] })
      : [];
    if (versions.length === 0) throw notFound();
    const detail = this.detailOf(versions);
    if (!caller) return detail;
    const installs = await this.installsOf(caller.userId);
    const newest = versions.find((v) => v.status === 'published') ?? versions[0]!;
    return { ...detail, installed: installedOf(newest, installs.get(id)) };
  }

  /** Every plugin with every version and its state, for administrators. */
  async manage(): Promise<PluginDetail[]> {
    return byPlugin(await this.deps.plugins.versions({})).map((versions) => this.detailOf(versions));
  }

  /** Shown at the newest published version, or (an administrator's view) the newest of any state. */
  private detailOf(versions: readonly VersionSummary[]): PluginDetail {
    const shown = versions.find((v) => v.status === 'published') ?? versions[0]!;
    return { ...summaryOf(shown), manifest: shown.manifest, versions: versions.map(versionView) };
  }

  private async installsOf(userId: string): Promise<Map<string, PluginInstallRow>> {
    return new Map((await this.deps.plugins.installsOf(userId)).map((row) => [row.pluginId, row]));
  }

  /**
   * My plugins: every built-in that has a published version, and each plugin I installed. The version
   * is the one that runs: a built-in's newest unless I chose one; null when mine was withdrawn.
   */
  async mine(userId: string): Promise<MyPlugin[]> {
    const [versions, installs] = await Promise.all([this.deps.plugins.versions({}), this.installsOf(userId)]);
    const mine: MyPlugin[] = [];
    for (const group of byPlugin(versions)) {
      const first = group[0]!;
      const row = installs.get(first.pluginId);
      const latest = group.find((v) => v.status === 'published') ?? null;
      if (first.builtin ? !latest : !row) continue;
      const installed = row?.version ? group.find((v) => v.version === row.version) : undefined;
      const running = row?.version
        ? installed?.status === 'published'
          ? installed
          : undefined
        : first.builtin
          ? latest
          : undefined;
      // a withdrawn install keeps its own manifest, so moving on asks only for what the new version adds
      const shown = running ?? installed ?? latest ?? first;
      mine.push({
        id: first.pluginId,
        builtin: first.builtin,
        enabled: row?.enabled ?? true,
        version: running?.version ?? null,
        latest: latest?.version ?? null,
        manifest: shown.manifest,
      });
    }
    return mine;
  }

  private async mineOne(userId: string, id: string): Promise<MyPlugin> {
    const found = (await this.mine(userId)).find((p) => p.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** A plugin's versions (any state), or 404. */
  private async versionsOf(id: string): Promise<VersionSummary[]> {
    const versions = PLUGIN_ID_PATTERN.test(id) ? await this.deps.plugins.versions({ pluginId: id }) : [];
    if (versions.length === 0) throw notFound();
    return versions;
  }

  /**
   * Installs a plugin or moves my install to `version`, which must be published. Without one: the
   * newest published (a built-in then follows its newest from now on).
   */
  async install(userId: string, id: string, version?: string): Promise<MyPlugin> {
    const versions = await this.versionsOf(id);
    const newest = versions.find((v) => v.status === 'published');
    if (!newest) throw notFound();
    let chosen: string | null = newest.builtin ? null : newest.version;
    if (version !== undefined) {
      const wanted = versions.find((v) => v.version === version);
      if (!wanted) throw versionNotFound();
      if (wanted.status !== 'published') throw AppError.badRequest(pluginMessages.notPublished);
      chosen = version;
    }
    await this.deps.plugins.install(userId, id, chosen);
    return this.mineOne(userId, id);
  }

  /** Removes my install; built-ins stay (they can be disabled). Answers the plugin's names. */
  async uninstall(userId: string, id: string): Promise<Bilingual> {
    const versions = await this.versionsOf(id);
    if (versions[0]!.builtin) throw AppError.badRequest(pluginMessages.builtinCannotUninstall);
    if (!(await this.deps.plugins.uninstall(userId, id))) throw AppError.notFound(pluginMessages.notInstalled);
    return (versions.find((v) => v.status === 'published') ?? versions[0]!).manifest.name;
  }

  async setEnabled(userId: string, id: string, enabled: boolean): Promise<MyPlugin> {
    const versions = await this.versionsOf(id);
    const builtin = versions[0]!.builtin;
    if (!(await this.deps.plugins.setEnabled(userId, id, enabled, builtin))) {
      throw AppError.notFound(pluginMessages.notInstalled);
    }
    return this.mineOne(userId, id);
  }

  /**
   * An administrator's package: checked (plugin-package.ts), then kept as a draft of a new version,
   * above every version the plugin has. Answers the plugin as administrators see it.
   */
  async upload(userId: string, zip: Buffer): Promise<{ plugin: PluginDetail; version: string }> {
    const { manifest, entry, icon, size } = await readPluginPackage(zip);
    if (reservedForBuiltins(manifest.id)) throw AppError.badRequest(pluginMessages.builtinReserved);
    const row: NewVersion = {
      pluginId: manifest.id,
      version: manifest.version,
      manifest,
      entry,
      icon: icon?.bytes ?? null,
      iconType: icon?.type ?? null,
      packageSize: size,
      digest: versionDigest(manifest, icon?.bytes ?? null, entry),
    };
    const stored = await this.deps.plugins.addVersion(row, userId, (target: UploadTarget) => {
      if (target.builtin) throw AppError.badRequest(pluginMessages.builtinReserved);
      if (target.versions.includes(manifest.version)) throw conflict(pluginMessages.versionExists, manifest.version);
      const highest = target.versions.reduce<string | null>(
        (top, v) => (top === null || compareVersions(v, top) > 0 ? v : top),
        null,
      );
      if (highest && compareVersions(manifest.version, highest) < 0) {
        throw conflict(pluginMessages.versionNotNewer, highest);
      }
    });
    if (!stored) throw conflict(pluginMessages.versionExists, manifest.version);
    return {
      plugin: this.detailOf(await this.deps.plugins.versions({ pluginId: manifest.id })),
      version: manifest.version,
    };
  }

  /** Publishes or withdraws a version (kept either way); answers the plugin as administrators see it. */
  async setStatus(id: string, version: string, status: PluginVersionStatus): Promise<PluginDetail> {
    if (status !== 'published' && status !== 'withdrawn') throw AppError.badRequest('formatError');
    await this.versionsOf(id);
    if (!PLUGIN_VERSION_PATTERN.test(version) || !(await this.deps.plugins.setStatus(id, version, status))) {
      throw versionNotFound();
    }
    return this.detailOf(await this.deps.plugins.versions({ pluginId: id }));
  }

  /**
   * A version's entry script or icon: published ones for anyone, others only for administrators (to
   * everyone else they do not exist).
   */
  async file(caller: PluginCaller, id: string, version: string, which: 'entry' | 'icon') {
    const row =
      PLUGIN_ID_PATTERN.test(id) && PLUGIN_VERSION_PATTERN.test(version)
        ? await this.deps.plugins.file(id, version, which)
        : undefined;
    if (!row || (row.status !== 'published' && !this.isManager(caller))) throw versionNotFound();
    if (!row.bytes) throw AppError.notFound();
    return { ...row, bytes: row.bytes };
  }
}
