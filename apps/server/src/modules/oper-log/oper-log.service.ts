import { type BusinessType, OPER_LOG_LIMITS, type OperLog, type OperStatus } from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
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
}
