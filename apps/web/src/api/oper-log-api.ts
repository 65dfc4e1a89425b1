import { OPER_LOG_PATHS, type OperLog, type Page } from '@kerf/contract';
import { CLOUD_API, request } from './request';

/** The operation log's calls (@kerf/contract oper-log.ts), under /cloud-api. */

export type { OperLog };

/** My own operations, newest first. */
export async function myOperations(page: number, limit: number): Promise<Page<OperLog>> {
  const answer = await request.get<Page<OperLog>>(`${CLOUD_API}${OPER_LOG_PATHS.mine}`, { params: { page, limit } });
  return { list: answer.data?.list ?? [], total: answer.data?.total ?? 0, page, limit };
}
