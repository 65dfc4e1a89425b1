import { type BusinessType, type Locale, OPER_LOG_LIMITS, type OperLog, type OperStatus } from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { RecordTable } from '../../http/table-export.js';
import type { OperLogFilter, OperLogRepository, OperLogRow } from './oper-log.repository.js';

function present({ log, nickName }: { log: OperLogRow; nickName: string | null }): OperLog {
  return {
    id: log.id,
    userId: log.userId,
    userName: nickName ?? '',
    module: log.module,
    businessType: log.businessType as BusinessType,
    method: log.method,
    route: log.route,
    url: log.url,
    params: log.params,
    status: String(log.status) as OperStatus,
    httpStatus: log.httpStatus,
    errorMsg: log.errorMsg.slice(0, OPER_LOG_LIMITS.errorMax),
    ip: log.ip,
    costMs: log.costMs,
    createdAt: log.createdAt.toISOString(),
  };
}

/** Reading and cleaning the operation log (the writing is OperLogWriter's, from the request hook). */
export class OperLogService {
  constructor(private readonly repo: OperLogRepository) {}

  async list(filter: OperLogFilter, page: PageRequest) {
    const { rows, total, capped } = await this.repo.list(filter, pageSlice(page));
    return { list: rows.map(present), total, capped, ...page };
  }

  async one(id: string): Promise<OperLog> {
    const row = await this.repo.one(id);
    if (!row) throw AppError.notFound();
    return present(row);
  }

  async clean(): Promise<number> {
    return this.repo.clean();
  }

  /** The newest entries matching the filter, at most EXPORT_MAX, as a table in the reader's language. */
  async table(filter: OperLogFilter, locale: Locale): Promise<RecordTable> {
    const { rows } = await this.repo.list(filter, { offset: 0, limit: EXPORT_MAX });
    return {
      name: locale === 'zh-CN' ? '操作日志' : 'Operation log',
      header: EXPORT_HEADER[locale],
      rows: rows
        .map(present)
        .map((log) => [
          log.createdAt,
          log.userName,
          log.module,
          log.businessType,
          log.method,
          log.url,
          log.ip,
          log.status === '0' ? (locale === 'zh-CN' ? '成功' : 'Succeeded') : locale === 'zh-CN' ? '失败' : 'Failed',
          log.errorMsg,
          String(log.costMs),
          log.params,
        ]),
    };
  }
}

/** An export stops here: a spreadsheet of more rows is not read, and the search narrows it. */
export const EXPORT_MAX = 50_000;

const EXPORT_HEADER: Record<Locale, string[]> = {
  'zh-CN': [
    '时间',
    '操作人员',
    '模块',
    '业务类型',
    '请求方式',
    '请求地址',
    '操作地址',
    '状态',
    '错误消息',
    '耗时（毫秒）',
    '请求参数',
  ],
  en: [
    'Time',
    'Person',
    'Module',
    'Business type',
    'Method',
    'Address',
    'Client address',
    'Result',
    'Error',
    'Cost (ms)',
    'Parameters',
  ],
};
