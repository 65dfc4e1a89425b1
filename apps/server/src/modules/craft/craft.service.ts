import {
  CRAFT_PERMISSIONS,
  type Craft,
  type CraftExportFormat,
  type CraftFacets,
  type CraftImportPolicy,
  type CraftImportPreview,
  type CraftImportResult,
  type CraftInput,
  type CraftLibrary,
  type CraftRevision,
  craftKey,
  craftMessages,
  type Grants,
  hasPermission,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import {
  type CraftFilter,
  type CraftRepository,
  type CraftRow,
  type CraftScope,
  type CraftSort,
  inputOf,
  scopeFor,
} from './craft.repository.js';
import { STANDARD_SEED } from './craft-seed.js';
import { writeClb } from './lightburn/clb-write.js';
import { type CraftDefaults, type ParsedCraftLibrary, readCraftFile } from './lightburn/craft-file.js';
import { writeCraftJson } from './lightburn/craft-json.js';

export interface CraftCaller extends Grants {
  userId: string;
}

export interface CraftFile {
  fileName: string;
  bytes: Uint8Array;
}

const notFound = () => AppError.notFound(craftMessages.notFound);
const readOnly = () => AppError.forbidden(craftMessages.standardReadOnly);

/** A stored craft as the API shows it. */
export function presentCraft(row: CraftRow, updatedByName: string | null = null): Craft {
  return {
    id: row.id,
    library: row.library as CraftLibrary,
    ...inputOf(row),
    startingValues: row.startingValues,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: updatedByName,
  };
}

/** File names for exports: the library's name, safe on every system. */
function exportName(library: CraftLibrary, format: CraftExportFormat): string {
  const base = library === 'standard' ? 'kerf-standard-crafts' : 'kerf-personal-crafts';
  return `${base}.${format}`;
}

/**
 * The craft libraries: reading the standard one and one's own, editing one's own, and editing the
 * standard one with craft:standard:edit; import and export of LightBurn `.clb` and Kerf JSON.
 */
export class CraftService {
  constructor(private readonly crafts: CraftRepository) {}

  /** The scope a caller writes to in `library`, after the permission check for the standard library. */
  private writableScope(caller: CraftCaller, library: CraftLibrary): CraftScope {
    if (library === 'standard' && !hasPermission(caller, CRAFT_PERMISSIONS.standard)) throw readOnly();
    if (library === 'personal' && !hasPermission(caller, CRAFT_PERMISSIONS.personal)) throw AppError.forbidden();
    return scopeFor(library, caller.userId);
  }

  async list(
    userId: string,
    library: CraftLibrary,
    filter: CraftFilter,
    page: { page: number; limit: number; sort: CraftSort; order: 'asc' | 'desc' },
  ) {
    const { rows, total } = await this.crafts.list(scopeFor(library, userId), filter, {
      offset: (page.page - 1) * page.limit,
      limit: page.limit,
      sort: page.sort,
      order: page.order,
    });
    return { list: rows.map((r) => presentCraft(r.craft, r.updatedByName)), total };
  }

  facets(userId: string, library: CraftLibrary): Promise<CraftFacets> {
    return this.crafts.facets(scopeFor(library, userId));
  }

  /** The crafts among `ids` the user may read (standard ones and their own), in no set order. */
  async readable(userId: string, ids: string[]): Promise<Craft[]> {
    return (await this.crafts.findManyReadable(ids, userId)).map((row) => presentCraft(row));
  }

  async get(userId: string, id: string): Promise<Craft> {
    const found = await this.crafts.findReadable(id, userId);
    if (!found) throw notFound();
    return presentCraft(found.craft, found.updatedByName);
  }

  async revisions(userId: string, id: string): Promise<CraftRevision[]> {
    if (!(await this.crafts.findReadable(id, userId))) throw notFound();
    const rows = await this.crafts.revisions(id);
    return rows.map(({ revision, by }) => ({
      revision: revision.revision,
      action: revision.action as CraftRevision['action'],
      at: revision.createdAt.toISOString(),
      by,
      craft: revision.snapshot as CraftInput,
    }));
  }

  async create(caller: CraftCaller, library: CraftLibrary, input: CraftInput): Promise<Craft> {
    const scope = this.writableScope(caller, library);
    return this.crafts.transaction(async (tx) => {
      const row = await tx.insert(scope, input, caller.userId);
      await tx.addRevision(row, 'create', caller.userId);
      return presentCraft(row, await tx.nickNameOf(caller.userId));
    });
  }

  async update(caller: CraftCaller, id: string, revision: number, input: CraftInput): Promise<Craft> {
    const found = await this.crafts.findReadable(id, caller.userId);
    if (!found) throw notFound();
    const scope = this.writableScope(caller, found.craft.library as CraftLibrary);
    return this.crafts.transaction(async (tx) => {
      const row = await tx.update(scope, id, revision, input, caller.userId);
      if (!row) throw AppError.conflict(craftMessages.changedMeanwhile);
      await tx.addRevision(row, 'update', caller.userId);
      return presentCraft(row, await tx.nickNameOf(caller.userId));
    });
  }

  /** Deletes crafts; one the caller may not delete fails the whole call and deletes nothing. */
  async remove(caller: CraftCaller, ids: string[]): Promise<number> {
    const rows = await this.crafts.findManyReadable(ids, caller.userId);
    if (rows.length !== new Set(ids).size) throw notFound();
    const libraries = new Set(rows.map((r) => r.library as CraftLibrary));
    const scopes = [...libraries].map((library) => this.writableScope(caller, library));
    return this.crafts.transaction(async (tx) => {
      let removed = 0;
      for (const scope of scopes) {
        const gone = await tx.remove(
          scope,
          rows.filter((r) => r.library === scope.library).map((r) => r.id),
        );
        for (const row of gone) await tx.addRevision(row, 'delete', caller.userId);
        removed += gone.length;
      }
      return removed;
    });
  }

  /** Copies crafts the caller can read into the caller's personal library, as new crafts. */
  async copyToPersonal(caller: CraftCaller, ids: string[]): Promise<Craft[]> {
    const scope = this.writableScope(caller, 'personal');
    const rows = await this.crafts.findManyReadable(ids, caller.userId);
    if (rows.length !== new Set(ids).size) throw notFound();
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return this.crafts.transaction(async (tx) => {
      const out: Craft[] = [];
      const editor = await tx.nickNameOf(caller.userId);
      for (const source of rows) {
        const row = await tx.insert(scope, inputOf(source), caller.userId, { startingValues: source.startingValues });
        await tx.addRevision(row, 'create', caller.userId);
        out.push(presentCraft(row, editor));
      }
      return out;
    });
  }

  /** Reads an import file (refusing hostile ones) and says what it would add and what clashes. */
  async previewImport(
    caller: CraftCaller,
    library: CraftLibrary,
    file: CraftFile,
    defaults: CraftDefaults,
  ): Promise<CraftImportPreview> {
    const scope = this.writableScope(caller, library);
    const parsed = readCraftFile(file.bytes, file.fileName, defaults);
    const existing = new Map((await this.crafts.all(scope)).map((r) => [craftKey(inputOf(r)), r.id]));
    const line = (c: CraftInput, existingId?: string) => ({
      material: c.material,
      thickness: c.thickness,
      name: c.name,
      passes: c.passes.length,
      ...(existingId ? { existingId } : {}),
    });
    const added = [];
    const clashes = [];
    for (const craft of parsed.crafts) {
      const id = existing.get(craftKey(craft));
      if (id) clashes.push(line(craft, id));
      else added.push(line(craft));
    }
    return { format: parsed.format, libraryName: parsed.name, total: parsed.crafts.length, added, clashes };
  }

  /** Imports a file in one transaction: all of it lands, or (on any failure) none of it. */
  async import(
    caller: CraftCaller,
    library: CraftLibrary,
    file: CraftFile,
    defaults: CraftDefaults,
    onClash: CraftImportPolicy,
  ): Promise<CraftImportResult> {
    const scope = this.writableScope(caller, library);
    const parsed: ParsedCraftLibrary = readCraftFile(file.bytes, file.fileName, defaults);
    return this.crafts.transaction(async (tx) => {
      const existing = new Map<string, CraftRow>((await tx.all(scope)).map((r) => [craftKey(inputOf(r)), r]));
      const result: CraftImportResult = { added: 0, replaced: 0, skipped: 0 };
      for (const craft of parsed.crafts) {
        const key = craftKey(craft);
        const clash = existing.get(key);
        if (clash && onClash === 'skip') {
          result.skipped++;
          continue;
        }
        if (clash && onClash === 'replace') {
          const row = await tx.update(scope, clash.id, clash.revision, craft, caller.userId);
          if (!row) throw AppError.conflict(craftMessages.changedMeanwhile);
          await tx.addRevision(row, 'import', caller.userId);
          existing.set(key, row);
          result.replaced++;
          continue;
        }
        const row = await tx.insert(scope, craft, caller.userId);
        await tx.addRevision(row, 'import', caller.userId);
        if (!clash) existing.set(key, row);
        result.added++;
      }
      return result;
    });
  }

  /** A library, or the chosen crafts of it, as a file. */
  async export(
    userId: string,
    library: CraftLibrary,
    ids: string[] | undefined,
    format: CraftExportFormat,
  ): Promise<{ fileName: string; contentType: string; body: string }> {
    const rows = await this.crafts.all(scopeFor(library, userId), ids);
    if (ids && rows.length !== new Set(ids).size) throw notFound();
    const name = library === 'standard' ? 'Kerf standard crafts' : 'Kerf personal crafts';
    const crafts = rows.map(inputOf);
    return format === 'clb'
      ? {
          fileName: exportName(library, format),
          contentType: 'application/xml; charset=utf-8',
          body: writeClb(name, crafts),
        }
      : {
          fileName: exportName(library, format),
          contentType: 'application/json; charset=utf-8',
          body: writeCraftJson(name, crafts),
        };
  }

  /** On first start, fills the standard library with its starting values (once, whatever happens later). */
  async seedStandardLibrary(): Promise<number> {
    return this.crafts.transaction(async (tx) => {
      if (!(await tx.claimSeed('standard'))) return 0;
      for (const craft of STANDARD_SEED) {
        const row = await tx.insert({ library: 'standard' }, craft, null, { startingValues: true });
        await tx.addRevision(row, 'create', null);
      }
      return STANDARD_SEED.length;
    });
  }
}
