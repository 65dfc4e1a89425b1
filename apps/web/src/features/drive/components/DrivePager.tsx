import { PAGE_SIZES } from '@kerf/contract';
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNarrowViewport } from '../../../app/layout/use-narrow-viewport';

interface DrivePagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** A new page size was picked (the caller stores it and decides where the list goes). */
  onPageSize(size: number): void;
}

/** The pager under file lists (the drive, My shares, a share page): SPEC §9 sizes, total, 7 or 5 buttons. */
export function DrivePager({ page, pageSize, total, onPage, onPageSize }: DrivePagerProps) {
  const { t } = useTranslation();
  const narrow = useNarrowViewport();
  return (
    <Pagination
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      pageSizeOptions={PAGE_SIZES.map(String)}
      // SPEC §9: seven pager buttons, five under 992 px
      showLessItems={narrow}
      showTotal={(count) => t('drive.pager.total', { total: count })}
      onChange={(next, size) => (size !== pageSize ? onPageSize(size) : onPage(next))}
    />
  );
}
