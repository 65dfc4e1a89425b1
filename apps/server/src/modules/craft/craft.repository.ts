import type { CraftFilters as CraftFilter, CraftInput, CraftLibrary, CraftSort } from '@kerf/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { craftRevisions, craftSeeds, crafts, users } from '../../db/schema.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type CraftRow = typeof crafts.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/**
 * Whose crafts a call may touch: the standard library (no owner) or one person's personal library.
 * Every query goes through `scopeOf`, so a personal craft is reached only with its owner's id.
 */
export type CraftScope = { library: 'standard' } | { library: 'personal'; ownerId: string };

export function scopeFor(library: CraftLibrary, userId: string): CraftScope {
  return library === 'standard' ? { library } : { library, ownerId: userId };
}

function scopeOf(scope: CraftScope): SQL {
  return scope.library === 'standard'
    ? and(eq(crafts.library, 'standard'), isNull(crafts.ownerId))!
    : and(eq(crafts.library, 'personal'), eq(crafts.ownerId, scope.ownerId))!;
}

export type { CraftFilter, CraftSort };

const SORT_COLUMNS = {
  material: crafts.material,
  thickness: crafts.thickness,
  name: crafts.name,
  powerClass: crafts.powerClass,
  updatedAt: crafts.updatedAt,
} as const;

/** The columns of a craft's content, from its validated form. */
function contentOf(input: CraftInput) {
  return {
    material: input.material,
    thickness: input.thickness,
    machineModel: input.machineModel,
    laserType: input.laserType,
    powerClass: input.powerClass,
    name: input.name,
    description: input.description,
    passes: input.passes,
    lightburn: input.lightburn ?? null,
  };
}

/** A craft row back in its validated form (the revision snapshot and the export both use it). */
export function inputOf(row: CraftRow): CraftInput {
  return {
    material: row.material,
    thickness: row.thickness,
    machineModel: row.machineModel,
    laserType: row.laserType as CraftInput['laserType'],
    powerClass: row.powerClass,
    name: row.name,
    description: row.description,
    passes: row.passes as CraftInput['passes'],
    ...(row.lightburn ? { lightburn: row.lightburn as CraftInput['lightburn'] } : {}),
  };
}

export class CraftRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repo: CraftRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CraftRepository(tx as unknown as Database)));
  }

  async list(
    scope: CraftScope,
    filter: CraftFilter,
    page: { offset: number; limit: number; sort: CraftSort; order: 'asc' | 'desc' },
  ) {
    const where = and(scopeOf(scope), ...this.filterConditions(filter));
    const direction = page.order === 'desc' ? desc : asc;
    // Grouped by material for the table, then the chosen order; id last so pages never overlap.
    const order =
      page.sort === 'material'
        ? [direction(crafts.material), asc(crafts.thickness), asc(crafts.name), asc(crafts.id)]
        : [direction(SORT_COLUMNS[page.sort]), asc(crafts.material), asc(crafts.name), asc(crafts.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ craft: crafts, updatedByName: users.nickName })
        .from(crafts)
        .leftJoin(users, eq(users.id, crafts.updatedBy))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(crafts).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  private filterConditions(filter: CraftFilter): (SQL | undefined)[] {
    const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
    return [
      filter.material ? eq(crafts.material, filter.material) : undefined,
      filter.thicknessMin !== undefined ? gte(crafts.thickness, filter.thicknessMin) : undefined,
      filter.thicknessMax !== undefined ? lte(crafts.thickness, filter.thicknessMax) : undefined,
      filter.machineModel ? eq(crafts.machineModel, filter.machineModel) : undefined,
      filter.laserType ? eq(crafts.laserType, filter.laserType) : undefined,
      filter.powerClass !== undefined ? eq(crafts.powerClass, filter.powerClass) : undefined,
      keyword
        ? or(
            ilike(crafts.name, keyword),
            ilike(crafts.material, keyword),
            ilike(crafts.machineModel, keyword),
            ilike(crafts.description, keyword),
          )
        : undefined,
    ];
  }

  async facets(scope: CraftScope) {
    const where = scopeOf(scope);
    const [materials, models, powers] = await Promise.all([
      this.db.selectDistinct({ v: crafts.material }).from(crafts).where(where).orderBy(asc(crafts.material)),
      this.db.selectDistinct({ v: crafts.machineModel }).from(crafts).where(where).orderBy(asc(crafts.machineModel)),
      this.db.selectDistinct({ v: crafts.powerClass }).from(crafts).where(where).orderBy(asc(crafts.powerClass)),
    ]);
    return {
      materials: materials.map((r) => r.v),
      machineModels: models.map((r) => r.v).filter(Boolean),
      powerClasses: powers.map((r) => r.v),
    };
  }

  /** A craft the caller may read: any standard craft, or one of the caller's own. */
  async findReadable(
    id: string,
    userId: string,
  ): Promise<{ craft: CraftRow; updatedByName: string | null } | undefined> {
    const [row] = await this.db
      .select({ craft: crafts, updatedByName: users.nickName })
      .from(crafts)
      .leftJoin(users, eq(users.id, crafts.updatedBy))
      .where(
        and(eq(crafts.id, id), or(scopeOf({ library: 'standard' }), scopeOf({ library: 'personal', ownerId: userId }))),
      )
      .limit(1);
    return row;
  }

  async findManyReadable(ids: string[], userId: string): Promise<CraftRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(crafts)
      .where(
        and(
          inArray(crafts.id, ids),
          or(scopeOf({ library: 'standard' }), scopeOf({ library: 'personal', ownerId: userId })),
        ),
      );
  }

  async findInScope(scope: CraftScope, id: string): Promise<CraftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crafts)
      .where(and(scopeOf(scope), eq(crafts.id, id)))
      .limit(1);
    return row;
  }

  /** Every craft of a library (for export and import clash checks), grouped by material. */
  async all(scope: CraftScope, ids?: string[]): Promise<CraftRow[]> {
    return this.db
      .select()
      .from(crafts)
      .where(and(scopeOf(scope), ids ? inArray(crafts.id, ids) : undefined))
      .orderBy(asc(crafts.material), asc(crafts.thickness), asc(crafts.name), asc(crafts.id));
  }

  async insert(
    scope: CraftScope,
    input: CraftInput,
    userId: string | null,
    options: { startingValues?: boolean } = {},
  ): Promise<CraftRow> {
    const [row] = await this.db
      .insert(crafts)
      .values({
        library: scope.library,
        ownerId: scope.library === 'personal' ? scope.ownerId : null,
        ...contentOf(input),
        startingValues: options.startingValues ?? false,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    return row!;
  }

  /** Replaces a craft's content when it is still at `revision`; undefined when it moved on or is gone. */
  async update(scope: CraftScope, id: string, revision: number, input: CraftInput, userId: string) {
    const [row] = await this.db
      .update(crafts)
      .set({
        ...contentOf(input),
        startingValues: false,
        revision: sql`${crafts.revision} + 1`,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(and(scopeOf(scope), eq(crafts.id, id), eq(crafts.revision, revision)))
      .returning();
    return row;
  }

  async remove(scope: CraftScope, ids: string[]): Promise<CraftRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .delete(crafts)
      .where(and(scopeOf(scope), inArray(crafts.id, ids)))
      .returning();
  }

  async addRevision(row: CraftRow, action: 'create' | 'update' | 'delete' | 'import', userId: string | null) {
    await this.db.insert(craftRevisions).values({
      craftId: row.id,
      library: row.library,
      ownerId: row.ownerId,
      revision: action === 'delete' ? row.revision + 1 : row.revision,
      action,
      snapshot: inputOf(row),
      userId,
    });
  }

  /** The nick name shown as a craft's last editor. */
  async nickNameOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ nickName: users.nickName }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.nickName ?? null;
  }

  async revisions(id: string) {
    return this.db
      .select({ revision: craftRevisions, by: users.nickName })
      .from(craftRevisions)
      .leftJoin(users, eq(users.id, craftRevisions.userId))
      .where(eq(craftRevisions.craftId, id))
      .orderBy(desc(craftRevisions.revision), desc(craftRevisions.createdAt));
  }

  /** Marks a library seeded; false when it already was (another instance or an earlier start did it). */
  async claimSeed(library: CraftLibrary, db: Db = this.db): Promise<boolean> {
    const claimed = await db.insert(craftSeeds).values({ library }).onConflictDoNothing().returning();
    return claimed.length > 0;
  }
}
