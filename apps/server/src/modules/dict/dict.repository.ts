import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sysDictData, sysDictTypes } from '../../db/schema.js';
import { isNameClash } from '../drive/drive.repository.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type DictTypeRow = typeof sysDictTypes.$inferSelect;
export type DictDataRow = typeof sysDictData.$inferSelect;
export type DictTypeValues = Pick<DictTypeRow, 'dictType' | 'nameCn' | 'nameEn' | 'status' | 'remark'>;
export type DictDataValues = Pick<
  DictDataRow,
  'dictType' | 'labelCn' | 'labelEn' | 'value' | 'listClass' | 'cssClass' | 'sort' | 'status' | 'remark'
>;
type Page = { offset: number; limit: number };

/** A type or a value taken, by a concurrent save too (the unique indexes said no). */
export const isTaken = isNameClash;

/** Dictionaries and their entries; only this file touches `sys_dict_types` and `sys_dict_data`. */
export class DictRepository {
  constructor(readonly db: Database) {}

  /** The enabled entries of an enabled dictionary, in order. */
  async enabledData(dictType: string): Promise<DictDataRow[]> {
    return this.db
      .select({ data: sysDictData })
      .from(sysDictData)
      .innerJoin(sysDictTypes, eq(sysDictTypes.dictType, sysDictData.dictType))
      .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0'), eq(sysDictTypes.status, '0')))
      .orderBy(asc(sysDictData.sort), asc(sysDictData.value))
      .then((rows) => rows.map((r) => r.data));
  }

  async listData(filter: { dictType?: string; label?: string; status?: string }, page: Page) {
    const label = filter.label ? `%${escapeLike(filter.label)}%` : undefined;
    const where = and(
      filter.dictType ? eq(sysDictData.dictType, filter.dictType) : undefined,
      label ? or(ilike(sysDictData.labelCn, label), ilike(sysDictData.labelEn, label)) : undefined,
      filter.status ? eq(sysDictData.status, filter.status) : undefined,
    );
    return this.page(
      this.db
        .select()
        .from(sysDictData)
        .where(where)
        .orderBy(asc(sysDictData.dictType), asc(sysDictData.sort), asc(sysDictData.value))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(sysDictData).where(where),
    );
  }

  async data(id: string): Promise<DictDataRow | undefined> {
    const [row] = await this.db.select().from(sysDictData).where(eq(sysDictData.id, id)).limit(1);
    return row;
  }

  async insertData(values: DictDataValues): Promise<DictDataRow> {
    const [row] = await this.db.insert(sysDictData).values(values).returning();
    return row!;
  }

  async updateData(id: string, values: DictDataValues): Promise<DictDataRow | undefined> {
    const [row] = await this.db
      .update(sysDictData)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sysDictData.id, id))
      .returning();
    return row;
  }

  async deleteData(id: string): Promise<boolean> {
    return (
      (await this.db.delete(sysDictData).where(eq(sysDictData.id, id)).returning({ id: sysDictData.id })).length > 0
    );
  }

  async listTypes(filter: { keyword?: string; status?: string }, page: Page) {
    const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
    const where = and(
      keyword
        ? or(
            ilike(sysDictTypes.dictType, keyword),
            ilike(sysDictTypes.nameCn, keyword),
            ilike(sysDictTypes.nameEn, keyword),
          )
        : undefined,
      filter.status ? eq(sysDictTypes.status, filter.status) : undefined,
    );
    return this.page(
      this.db
        .select()
        .from(sysDictTypes)
        .where(where)
        .orderBy(asc(sysDictTypes.dictType))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(sysDictTypes).where(where),
    );
  }

  async type(where: { id: string } | { dictType: string }): Promise<DictTypeRow | undefined> {
    const condition: SQL = 'id' in where ? eq(sysDictTypes.id, where.id) : eq(sysDictTypes.dictType, where.dictType);
    const [row] = await this.db.select().from(sysDictTypes).where(condition).limit(1);
    return row;
  }

  async insertType(values: DictTypeValues): Promise<DictTypeRow> {
    const [row] = await this.db.insert(sysDictTypes).values(values).returning();
    return row!;
  }

  /** Changes a dictionary; a new type key moves its entries along with it, in one transaction. */
  async updateType(id: string, before: string, values: DictTypeValues): Promise<DictTypeRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sysDictTypes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sysDictTypes.id, id))
        .returning();
      if (row && before !== values.dictType) {
        await tx.update(sysDictData).set({ dictType: values.dictType }).where(eq(sysDictData.dictType, before));
      }
      return row;
    });
  }

  async deleteType(id: string): Promise<boolean> {
    return (
      (await this.db.delete(sysDictTypes).where(eq(sysDictTypes.id, id)).returning({ id: sysDictTypes.id })).length > 0
    );
  }

  async entryCount(dictType: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sysDictData).where(eq(sysDictData.dictType, dictType));
    return row?.n ?? 0;
  }

  private async page<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>) {
    const [list, [n]] = await Promise.all([rows, total]);
    return { rows: list, total: n?.n ?? 0 };
  }
}
