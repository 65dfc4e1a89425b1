/**
 * The operation log (RuoYi's sys_oper_log): every change made through the API, with who, module,
 * business type, method, path, parameters with secrets removed, result, client address and cost. All
 * under /cloud-api:
 * - `GET /system/operlog/list` `{module, businessType, status, userName, from, to, page, limit}` (staff).
 * - `GET /system/operlog/mine` (the workbench's "operation log": my own entries).
 * - `GET /system/operlog/{id}`; `DELETE /system/operlog/clean` (empties the log; itself logged).
 * - `GET /system/operlog/export` `{…list filters, format: xlsx|csv, lang}` (staff; the newest 50,000).
 */
export const OPER_LOG_PATHS = {
  list: '/system/operlog/list',
  mine: '/system/operlog/mine',
  byId: '/system/operlog/:id',
  clean: '/system/operlog/clean',
  export: '/system/operlog/export',
} as const;

export const OPER_LOG_PERMISSIONS = {
  list: 'system:operlog:list',
  query: 'system:operlog:query',
  remove: 'system:operlog:remove',
  export: 'system:operlog:export',
} as const;

/** RuoYi's business types. A route names its own when the HTTP method does not say it. */
export const BUSINESS_TYPES = [
  'other',
  'insert',
  'update',
  'delete',
  'grant',
  'export',
  'import',
  'force',
  'clean',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** 0 succeeded, 1 failed (RuoYi's status). */
export const OPER_STATUSES = ['0', '1'] as const;
export type OperStatus = (typeof OPER_STATUSES)[number];

export const OPER_LOG_LIMITS = {
  /** Characters of parameters kept per entry. */
  paramsMax: 2000,
  errorMax: 500,
} as const;

/** What stands in for a secret in the logged parameters. */
export const SECRET_MASK = '******';

export interface OperLog {
  id: string;
  userId: string | null;
  userName: string;
  module: string;
  businessType: BusinessType;
  method: string;
  /** The route, e.g. `/cloud-api/system/dict/data/{id}`. */
  route: string;
  /** The address called, without its query. */
  url: string;
  /** The body and query with every secret replaced by SECRET_MASK, cut to paramsMax characters. */
  params: string;
  status: OperStatus;
  httpStatus: number;
  errorMsg: string;
  ip: string;
  costMs: number;
  createdAt: string;
}
