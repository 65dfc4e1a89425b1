import { DownloadOutlined } from '@ant-design/icons';
import { formatPrice } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { attachmentPictureUrl } from '../../../api/object-api';
import { type EngineRecord, engineRecords, exportUrl } from '../../../api/trade-api';
import { formatFullTime } from '../../drive/model/format';
import '../store.css';

/** /store/record (SPEC §2, §7 engineRecord): the objects I took for free or bought, newest first. */
export function RecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const limit = 20;
  const records = useQuery({
    queryKey: ['trade', 'records', page],
    queryFn: () => engineRecords(page, limit),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="gallery-page">
      <header className="gallery-page__head">
        <h2 className="gallery-page__title">{t('store.record.title')}</h2>
        <Space>
          <Button icon={<DownloadOutlined />} href={exportUrl('records', 'csv')}>
            {t('store.trade.exportCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} href={exportUrl('records', 'xlsx')}>
            {t('store.trade.exportXlsx')}
          </Button>
        </Space>
      </header>
      <Table<EngineRecord>
        rowKey="objectId"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: t('store.record.none') }}
        pagination={{
          current: page,
          pageSize: limit,
          total: records.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            key: 'object',
            title: t('store.record.object'),
            render: (_, r) => (
              <span className="record-object">
                {r.coverId ? (
                  <img src={attachmentPictureUrl(r.coverId)} alt="" className="record-object__cover" />
                ) : null}
                {r.objectName}
              </span>
            ),
          },
          { key: 'seller', title: t('store.record.seller'), dataIndex: 'sellerName' },
          { key: 'source', title: t('store.record.source'), render: (_, r) => t(`store.record.sources.${r.source}`) },
          {
            key: 'amount',
            title: t('store.record.amount'),
            render: (_, r) => (r.source === 'free' ? t('store.gallery.free') : formatPrice(r.amount, r.currency)),
          },
          { key: 'at', title: t('store.record.at'), render: (_, r) => formatFullTime(r.at) },
          {
            key: 'open',
            title: '',
            render: (_, r) => (
              <Button type="link" onClick={() => void navigate(`/store/gallery?object=${r.objectId}`)}>
                {t('store.record.open')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
