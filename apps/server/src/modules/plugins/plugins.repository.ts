import type { PluginManifest, PluginVersionStatus } from '@kerf/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type PluginInstallRow, pluginInstalls, plugins, pluginVersions } from '../../db/schema.js';
import { pgErrorCode } from '../drive/drive.repository.js';

/** A version without its bytes: what lists and views are made of. */
export interface VersionSummary {
  pluginId: string;
  builtin: boolean;
  version: string;
  status: PluginVersionStatus;
  manifest: PluginManifest;
  hasIcon: boolean;
  packageSize: number;
  createdAt: Date;
  publishedAt: Date | null;
}

/** A version as stored from a checked package or a built-in plugin. */
export interface NewVersion {
  pluginId: string;
  version: string;
  manifest: PluginManifest;
  entry: Buffer;
  icon: Buffer | null;
  iconType: string | null;
  packageSize: number;
  digest: string;
}

/** What an upload meets under the plugin's lock: whether it is a built-in, and the versions it has. */
export interface UploadTarget {
  builtin: boolean;
  versions: string[];
}

/** Newest first: versions compare as three numbers (PLUGIN_VERSION_PATTERN), not as text. */
const newestFirst = sql`string_to_array(${pluginVersions.version}, '.')::int[] desc`;

const summaryColumns = {
  pluginId: pluginVersions.pluginId,
  builtin: plugins.builtin,
  version: pluginVersions.version,
  status: sql<PluginVersionStatus>`${pluginVersions.status}`,
  manifest: pluginVersions.manifest,
  hasIcon: sql<boolean>`${pluginVersions.icon} is not null`,
  packageSize: pluginVersions.packageSize,
  createdAt: pluginVersions.createdAt,
  publishedAt: pluginVersions.publishedAt,
};

/** Plugins, their versions and people's installs; only this file touches those tables. */
export class PluginRepository {
  constructor(private readonly db: Database) {}

  /**
   * Version summaries, each plugin's newest first: of one plugin or all, in the given states. Built-ins
   * come first, then the rest by id.
   */
  async versions(filter: { pluginId?: string; statuses?: readonly PluginVersionStatus[] }): Promise<VersionSummary[]> {
    const where: SQL[] = [];
    if (filter.pluginId !== undefined) where.push(eq(pluginVersions.pluginId, filter.pluginId));
    if (filter.statuses) where.push(inArray(pluginVersions.status, [...filter.statuses]));
    return this.db
      .select(summaryColumns)
      .from(pluginVersions)
      .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
      .where(and(...where))
      .orderBy(desc(plugins.builtin), asc(pluginVersions.pluginId), newestFirst);
  }

  /** The entry script or icon of one version, with what decides who may have it. */
  async file(pluginId: string, version: string, which: 'entry' | 'icon') {
    const [row] = await this.db
      .select({
        status: sql<PluginVersionStatus>`${pluginVersions.status}`,
        builtin: plugins.builtin,
        bytes: which === 'entry' ? pluginVersions.entry : pluginVersions.icon,
        iconType: pluginVersions.iconType,
        digest: pluginVersions.digest,
      })
      .from(pluginVersions)
      .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
      .where(and(eq(pluginVersions.pluginId, pluginId), eq(pluginVersions.version, version)))
      .limit(1);
    return row;
  }

  /**
   * Stores a new version (a draft), creating its plugin on its first upload. Under the plugin row's
   * lock `check` sees the plugin as it is and may refuse by throwing, so two uploads of one plugin
   * are decided one after the other. A version stored meanwhile all the same answers false.
   */
  async addVersion(row: NewVersion, createdBy: string, check: (target: UploadTarget) => void): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.insert(plugins).values({ id: row.pluginId }).onConflictDoNothing();
        const [plugin] = await tx
          .select({ builtin: plugins.builtin })
          .from(plugins)
          .where(eq(plugins.id, row.pluginId))
          .for('update');
        const versions = await tx
          .select({ version: pluginVersions.version })
          .from(pluginVersions)
          .where(eq(pluginVersions.pluginId, row.pluginId));
        check({ builtin: plugin!.builtin, versions: versions.map((v) => v.version) });
        await tx.insert(pluginVersions).values({ ...row, status: 'draft', createdBy });
        return true;
      });
    } catch (error) {
      if (pgErrorCode(error) === '23505') return false;
      throw error;
    }
  }

  /** Publishes or withdraws a version; the first publication keeps its time. False when there is none. */
  async setStatus(pluginId: string, version: string, status: PluginVersionStatus): Promise<boolean> {
    const changed = await this.db
      .update(pluginVersions)
      .set({
        status,
        ...(status === 'published' ? { publishedAt: sql`coalesce(${pluginVersions.publishedAt}, now())` } : {}),
      })
      .where(and(eq(pluginVersions.pluginId, pluginId), eq(pluginVersions.version, version)))
      .returning({ version: pluginVersions.version });
    return changed.length > 0;
  }

  /** Each built-in version's digest as stored, by `id@version`. */
  async builtinDigests(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ pluginId: pluginVersions.pluginId, version: pluginVersions.version, digest: pluginVersions.digest })
      .from(pluginVersions)
      .innerJoin(plugins, eq(plugins.id, pluginVersions.pluginId))
      .where(eq(plugins.builtin, true));
    return new Map(rows.map((r) => [`${r.pluginId}@${r.version}`, r.digest]));
  }

  /**
   * Stores built-in versions as published: a new one is added, one already there takes the shipped
   * manifest, icon and entry (its state, which an administrator may have changed, stays). Several
   * instances starting at once write the same rows; the conflicts settle it.
   */
  async upsertBuiltins(rows: readonly NewVersion[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(plugins)
        .values([...new Set(rows.map((r) => r.pluginId))].map((id) => ({ id, builtin: true })))
        .onConflictDoNothing();
      await tx
        .insert(pluginVersions)
        .values(rows.map((row) => ({ ...row, status: 'published', publishedAt: new Date() })))
        .onConflictDoUpdate({
          target: [pluginVersions.pluginId, pluginVersions.version],
          set: {
            manifest: sql`excluded.manifest`,
            entry: sql`excluded.entry`,
            icon: sql`excluded.icon`,
            iconType: sql`excluded.icon_type`,
            packageSize: sql`excluded.package_size`,
            digest: sql`excluded.digest`,
          },
          setWhere: sql`${pluginVersions.digest} <> excluded.digest`,
        });
    });
  }

  async installsOf(userId: string): Promise<PluginInstallRow[]> {
    return this.db.select().from(pluginInstalls).where(eq(pluginInstalls.userId, userId));
  }

  async installOf(userId: string, pluginId: string): Promise<PluginInstallRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pluginInstalls)
      .where(and(eq(pluginInstalls.userId, userId), eq(pluginInstalls.pluginId, pluginId)));
    return row;
  }

  /** Installs (enabled) or moves an installed plugin to `version` (null: the newest published). */
  async install(userId: string, pluginId: string, version: string | null): Promise<void> {
    await this.db
      .insert(pluginInstalls)
      .values({ userId, pluginId, version })
      .onConflictDoUpdate({
        target: [pluginInstalls.userId, pluginInstalls.pluginId],
        set: { version, updatedAt: new Date() },
      });
  }

  async uninstall(userId: string, pluginId: string): Promise<boolean> {
    const gone = await this.db
      .delete(pluginInstalls)
      .where(and(eq(pluginInstalls.userId, userId), eq(pluginInstalls.pluginId, pluginId)))
      .returning({ pluginId: pluginInstalls.pluginId });
    return gone.length > 0;
  }

  /**
   * Enables or disables an installed plugin. `orInstall`: a built-in, which is there without a row,
   * gets one (following the newest version). False when nothing was installed to change.
   */
  async setEnabled(userId: string, pluginId: string, enabled: boolean, orInstall: boolean): Promise<boolean> {
    if (orInstall) {
      await this.db
        .insert(pluginInstalls)
        .values({ userId, pluginId, version: null, enabled })
        .onConflictDoUpdate({
          target: [pluginInstalls.userId, pluginInstalls.pluginId],
          set: { enabled, updatedAt: new Date() },
        });
      return true;
    }
    const changed = await this.db
      .update(pluginInstalls)
      .set({ enabled, updatedAt: new Date() })
      .where(and(eq(pluginInstalls.userId, userId), eq(pluginInstalls.pluginId, pluginId)))
      .returning({ pluginId: pluginInstalls.pluginId });
    return changed.length > 0;
  }
}
