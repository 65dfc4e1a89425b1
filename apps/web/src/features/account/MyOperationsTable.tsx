import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myOperations, type OperLog } from '../../api/oper-log-api';
import { useSettings } from '../../stores/settings-store';
import { formatDateTime } from './account-format';

const PAGE_SIZE = 10;

/** My changes made through Kerf (the operation log's own entries), newest first. Loads when shown. */
export function MyOperationsTable({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [page, setPage] = useState(1);
  const operations = useQuery({
    queryKey: ['account', 'operations', page],
    queryFn: () => myOperations(page, PAGE_SIZE),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  return (
    <Table<OperLog>
      className="account-log account-operations"
      rowKey="id"
      size="small"
      scroll={{ x: 900 }}
      loading={operations.isFetching}
      dataSource={operations.data?.list ?? []}
      locale={{ emptyText: t('account.operations.none') }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: operations.data?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      columns={[
        {
          key: 'time',
          title: t('account.log.time'),
          dataIndex: 'createdAt',
          render: (value: string) => formatDateTime(value, locale),
          width: 170,
        },
        {
          key: 'type',
          title: t('account.operations.type'),
          render: (_, op) => <Tag bordered={false}>{t(`account.operations.types.${op.businessType}`)}</Tag>,
          width: 100,
        },
        {
          key: 'what',
          title: t('account.operations.what'),
          render: (_, op) => (
            <Tooltip title={[op.url, op.params].filter(Boolean).join(' ')}>
              <span className="account-operations__route">
                {op.method} {op.route.replace(/^\/(cloud|uac)-api/, '')}
              </span>
            </Tooltip>
          ),
        },
        { key: 'ip', title: t('account.log.ip'), dataIndex: 'ip', width: 130 },
        {
          key: 'result',
          title: t('account.log.result'),
          width: 200,
          render: (_, op) =>
            op.status === '0' ? (
              <span className="account-log-ok">
                <CheckCircleFilled /> {t('account.log.success')}
              </span>
            ) : (
              <span className="account-log-failed">
                <CloseCircleFilled /> {t('account.log.failure')}
                {op.errorMsg ? <span className="account-muted"> · {op.errorMsg}</span> : null}
              </span>
            ),
        },
        { key: 'cost', title: t('account.operations.cost'), render: (_, op) => `${op.costMs} ms`, width: 90 },
      ]}
    />
  );
}
