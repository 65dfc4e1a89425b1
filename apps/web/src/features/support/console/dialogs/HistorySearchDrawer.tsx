import type { SupportSearchHit } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Input, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMessages } from '../../../../api/support-api';
import { formatFullTime } from '../../../drive/model/format';
import { highlightPieces } from '../model/highlight';

const PAGE_SIZE = 20;

interface HistorySearchDrawerProps {
  open: boolean;
  onClose(): void;
  onOpenHit(hit: SupportSearchHit): void;
}

/** Searching every conversation's messages; a hit opens its conversation. */
export function HistorySearchDrawer({ open, onClose, onOpenHit }: HistorySearchDrawerProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useQuery({
    queryKey: ['support', 'search', q, page],
    queryFn: () => searchMessages(q, page, PAGE_SIZE),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
  });
  const hits = search.data?.list ?? [];
  return (
    <Drawer open={open} onClose={onClose} title={t('supportChat.console.history.title')} size={480}>
      <Input.Search
        allowClear
        autoFocus
        enterButton
        placeholder={t('supportChat.console.history.placeholder')}
        aria-label={t('supportChat.console.history.placeholder')}
        onSearch={(value) => {
          setPage(1);
          setQ(value.trim());
        }}
      />
      <div className="support-history">
        {!q ? (
          <p className="support-history__hint">{t('supportChat.console.history.hint')}</p>
        ) : search.isPending ? (
          <Spin />
        ) : hits.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supportChat.console.history.none')} />
        ) : (
          <>
            <p className="support-history__hint">
              {t('supportChat.console.history.total', { total: search.data?.total ?? 0 })}
            </p>
            {hits.map((hit) => (
              <button
                key={hit.message.id}
                type="button"
                className="support-history__hit"
                onClick={() => onOpenHit(hit)}
                title={t('supportChat.console.history.show')}
              >
                <span className="support-history__who">
                  <span>
                    {hit.message.side === 'staff'
                      ? `${hit.message.senderName || t('supportChat.message.staff')} → ${hit.customerName}`
                      : hit.customerName || t('supportChat.console.visitor')}
                  </span>
                  <time dateTime={hit.message.createdAt}>{formatFullTime(hit.message.createdAt)}</time>
                </span>
                <span className="support-history__text">
                  {highlightPieces(hit.message.text || hit.message.attachment?.name || '', q).map((piece, index) =>
                    piece.match ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional
                      <mark key={index}>{piece.text}</mark>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional
                      <span key={index}>{piece.text}</span>
                    ),
                  )}
                </span>
              </button>
            ))}
            {(search.data?.total ?? 0) > PAGE_SIZE ? (
              <Pagination
                size="small"
                current={page}
                pageSize={PAGE_SIZE}
                total={search.data?.total ?? 0}
                onChange={setPage}
                showSizeChanger={false}
              />
            ) : null}
          </>
        )}
      </div>
    </Drawer>
  );
}
