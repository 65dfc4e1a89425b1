import {
  DICT_TYPE_PATTERN,
  type DictData,
  type DictListClass,
  type DictStatus,
  type DictType,
  dictMessages,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import {
  type DictDataRow,
  type DictDataValues,
  type DictRepository,
  type DictTypeRow,
  type DictTypeValues,
  isTaken,
} from './dict.repository.js';

function presentData(row: DictDataRow): DictData {
  return {
    id: row.id,
    dictType: row.dictType,
    labelCn: row.labelCn,
    labelEn: row.labelEn,
    value: row.value,
    listClass: row.listClass as DictListClass,
    cssClass: row.cssClass,
    sort: row.sort,
    status: row.status as DictStatus,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentType(row: DictTypeRow): DictType {
  return {
    id: row.id,
    dictType: row.dictType,
    nameCn: row.nameCn,
    nameEn: row.nameEn,
    status: row.status as DictStatus,
    builtin: row.builtin,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Dictionaries (SPEC §7): the web app reads a dictionary's enabled entries by type; staff manage
 * dictionaries and entries. A value is unique in its dictionary; an entry belongs to an existing
 * dictionary; a built-in dictionary (one Kerf's pages read) keeps its type and cannot be deleted.
 */
export class DictService {
  constructor(private readonly repo: DictRepository) {}

  async byType(dictType: string): Promise<DictData[]> {
    return (await this.repo.enabledData(dictType)).map(presentData);
  }

  async listData(filter: { dictType?: string; label?: string; status?: string }, page: PageRequest) {
    const { rows, total } = await this.repo.listData(filter, pageSlice(page));
    return { list: rows.map(presentData), total, ...page };
  }

  async data(id: string): Promise<DictData> {
    const row = await this.repo.data(id);
    if (!row) throw AppError.notFound(dictMessages.dataNotFound);
    return presentData(row);
  }

  async addData(values: DictDataValues): Promise<DictData> {
    await this.existingType(values.dictType);
    return presentData(await this.saving(() => this.repo.insertData(values), dictMessages.valueExists));
  }

  async changeData(id: string, values: DictDataValues): Promise<DictData> {
    await this.existingType(values.dictType);
    const row = await this.saving(() => this.repo.updateData(id, values), dictMessages.valueExists);
    if (!row) throw AppError.notFound(dictMessages.dataNotFound);
    return presentData(row);
  }

  async removeData(id: string): Promise<void> {
    if (!(await this.repo.deleteData(id))) throw AppError.notFound(dictMessages.dataNotFound);
  }

  async listTypes(filter: { keyword?: string; status?: string }, page: PageRequest) {
    const { rows, total } = await this.repo.listTypes(filter, pageSlice(page));
    return { list: rows.map(presentType), total, ...page };
  }

  async addType(values: DictTypeValues): Promise<DictType> {
    checkTypeKey(values.dictType);
    return presentType(await this.saving(() => this.repo.insertType(values), dictMessages.typeExists));
  }

  async changeType(id: string, values: DictTypeValues): Promise<DictType> {
    checkTypeKey(values.dictType);
    const before = await this.repo.type({ id });
    if (!before) throw AppError.notFound(dictMessages.typeNotFound);
    if (before.builtin && before.dictType !== values.dictType) {
      throw AppError.badRequest(dictMessages.typeRenameBuiltin);
    }
    const row = await this.saving(() => this.repo.updateType(id, before.dictType, values), dictMessages.typeExists);
    if (!row) throw AppError.notFound(dictMessages.typeNotFound);
    return presentType(row);
  }

  /** A dictionary goes only when it is not built in and has no entries left. */
  async removeType(id: string): Promise<void> {
    const row = await this.repo.type({ id });
    if (!row) throw AppError.notFound(dictMessages.typeNotFound);
    if (row.builtin) throw AppError.badRequest(dictMessages.builtinType);
    if ((await this.repo.entryCount(row.dictType)) > 0) throw AppError.badRequest(dictMessages.typeInUse);
    await this.repo.deleteType(id);
  }

  private async existingType(dictType: string) {
    if (!(await this.repo.type({ dictType }))) throw AppError.badRequest(dictMessages.typeNotFound);
  }

  /** Runs a save; a unique index refusing it (a value or type taken) is a 409 with `taken`'s words. */
  private async saving<T>(save: () => Promise<T>, taken: (typeof dictMessages)[keyof typeof dictMessages]) {
    try {
      return await save();
    } catch (error) {
      if (isTaken(error)) throw AppError.conflict(taken);
      throw error;
    }
  }
}

function checkTypeKey(dictType: string) {
  if (!DICT_TYPE_PATTERN.test(dictType)) throw AppError.badRequest(dictMessages.badType);
}
