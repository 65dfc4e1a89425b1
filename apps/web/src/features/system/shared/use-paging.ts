import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@kerf/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/**
 * The page and page size of a /sysm table (SPEC §9 sizes), and the antd pagination that drives them:
 * changing the size goes back to the first page.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const pagination = (total: number, showTotal: (total: number) => string): TablePaginationConfig => ({
    current: page,
    pageSize: limit,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    onChange: (next, size) => {
      setPage(size === limit ? next : 1);
      setLimit(size);
    },
    showTotal,
  });
  return { page, limit, setPage, pagination };
}
