import type { Page } from '@kerf/contract';

/** A page as the server answered it, with the asked page and size where the answer leaves them out. */
export function pageOf<T>(data: Page<T> | undefined, page: number, limit: number): Page<T> {
  return {
    list: Array.isArray(data?.list) ? data.list : [],
    total: data?.total ?? 0,
    page: data?.page ?? page,
    limit: data?.limit ?? limit,
  };
}
