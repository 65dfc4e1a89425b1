import type { Bilingual } from './locale.js';

/**
 * Dictionaries (SPEC §3 dictionary data, §7 dictionary calls): named lists of values with a label in
 * each language and a display class, so enumerations (device states, order states, file kinds…) read
 * the same everywhere and staff can reword them without a release. All under /cloud-api:
 * - `GET /system/dict/data/type?type=` → the enabled entries of one dictionary, in order (any signed-in
 *   user: the web app reads its labels this way).
 * - `GET /system/dict/data/list` `{dictType, label, status, page, limit}` → entries for management.
 * - `GET /system/dict/data/{id}`; `POST` and `PUT /system/dict/data`; `DELETE /system/dict/data/{id}`.
 * - `GET /system/dict/type/list`; `POST` and `PUT /system/dict/type`; `DELETE /system/dict/type/{id}`
 *   (the dictionaries themselves; a built-in one cannot be deleted).
 */
export const DICT_PATHS = {
  dataList: '/system/dict/data/list',
  dataByType: '/system/dict/data/type',
  data: '/system/dict/data',
  dataById: '/system/dict/data/:id',
  typeList: '/system/dict/type/list',
  type: '/system/dict/type',
  typeById: '/system/dict/type/:id',
} as const;

/** RuoYi's permission strings for the dictionary screens. */
export const DICT_PERMISSIONS = {
  list: 'system:dict:list',
  query: 'system:dict:query',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  remove: 'system:dict:remove',
} as const;

/** '0' in use, '1' switched off (RuoYi's status values). */
export const DICT_STATUSES = ['0', '1'] as const;
export type DictStatus = (typeof DICT_STATUSES)[number];

/** antd Tag colours a `listClass` may name (RuoYi's default/primary/success/info/warning/danger too). */
export const DICT_LIST_CLASSES = [
  '',
  'default',
  'primary',
  'success',
  'info',
  'warning',
  'danger',
  'processing',
  'gold',
  'purple',
  'cyan',
] as const;
export type DictListClass = (typeof DICT_LIST_CLASSES)[number];

export const DICT_LIMITS = {
  typeMax: 100,
  nameMax: 100,
  labelMax: 100,
  valueMax: 100,
  cssClassMax: 100,
  remarkMax: 500,
} as const;

/** A dictionary type key: lower-case letters, digits and underscores, starting with a letter. */
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]*$/;

export interface DictType {
  id: string;
  dictType: string;
  nameCn: string;
  nameEn: string;
  status: DictStatus;
  builtin: boolean;
  remark: string;
  createdAt: string;
  updatedAt: string;
}

export interface DictData {
  id: string;
  dictType: string;
  labelCn: string;
  labelEn: string;
  value: string;
  listClass: DictListClass;
  cssClass: string;
  sort: number;
  status: DictStatus;
  remark: string;
  createdAt: string;
  updatedAt: string;
}

export type DictDataInput = Pick<DictData, 'dictType' | 'labelCn' | 'labelEn' | 'value'> &
  Partial<Pick<DictData, 'listClass' | 'cssClass' | 'sort' | 'status' | 'remark'>>;
export type DictTypeInput = Pick<DictType, 'dictType' | 'nameCn' | 'nameEn'> &
  Partial<Pick<DictType, 'status' | 'remark'>>;

/** The dictionaries Kerf ships and reads (their entries are seeded; staff may reword them). */
export const BUILTIN_DICTS = {
  deviceState: 'device_state',
  orderState: 'order_state',
  paymentProvider: 'payment_provider',
  fileKind: 'file_kind',
  yesNo: 'sys_yes_no',
  normalDisable: 'sys_normal_disable',
} as const;

export const dictMessages = {
  typeExists: { 'zh-CN': '字典类型已存在', en: 'That dictionary type already exists' },
  valueExists: { 'zh-CN': '字典键值已存在', en: 'That value already exists in this dictionary' },
  typeNotFound: { 'zh-CN': '字典类型不存在', en: 'That dictionary type does not exist' },
  dataNotFound: { 'zh-CN': '字典数据不存在', en: 'That dictionary entry does not exist' },
  builtinType: { 'zh-CN': '内置字典不能删除', en: 'A built-in dictionary cannot be deleted' },
  typeInUse: {
    'zh-CN': '该字典下还有数据，不能删除',
    en: 'The dictionary still has entries: delete them first',
  },
  typeRenameBuiltin: {
    'zh-CN': '内置字典的类型不能修改',
    en: 'The type of a built-in dictionary cannot be changed',
  },
  badType: {
    'zh-CN': '字典类型只能包含小写字母、数字和下划线，并以字母开头',
    en: 'A dictionary type holds lower-case letters, digits and underscores, and starts with a letter',
  },
} as const satisfies Record<string, Bilingual>;

/** The label of an entry in a language: English falls back to Chinese when no English was given. */
export function dictLabel(entry: Pick<DictData, 'labelCn' | 'labelEn'>, locale: 'zh-CN' | 'en'): string {
  return locale === 'en' && entry.labelEn ? entry.labelEn : entry.labelCn;
}
