import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLoginHistory, type LoginRecord } from '../../api/profile-api';
import { useSettings } from '../../stores/settings-store';
import { describeUserAgent, formatDateTime } from './account-format';
import { MyOperationsTable } from './MyOperationsTable';

const GRANTS = ['password', 'code', 'wechat'] as const;
const REASONS = [
  'bad-credentials',
  'captcha-required',
  'captcha-wrong',
  'locked',
  'rate-limited',
  'disabled',
  'ticket-invalid',
] as const;

/**
 * The operation log tab: my operations (the changes I made) and my recent sign-ins, newest first. Each
 * list loads when first shown.
 */
export function LoginHistoryTab({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [view, setView] = useState<'operations' | 'logins'>('operations');
  const history = useQuery({
    queryKey: ['account', 'logins'],
    queryFn: fetchLoginHistory,
    enabled: active && view === 'logins',
  });

  const grantName = (grant: string) =>
    (GRANTS as readonly string[]).includes(grant) ? t(`account.log.grant.${grant as (typeof GRANTS)[number]}`) : grant;
  const reasonText = (reason: string | null) =>
    reason && (REASONS as readonly string[]).includes(reason)
      ? t(`account.log.reason.${reason as (typeof REASONS)[number]}`)
      : (reason ?? '');

  const columns: TableColumnsType<LoginRecord> = [
    {
      key: 'time',
      title: t('account.log.time'),
      dataIndex: 'createdAt',
      render: (value: string) => formatDateTime(value, locale),
      width: 190,
    },
    { key: 'ip', title: t('account.log.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '', width: 150 },
    {
      key: 'device',
      title: t('account.log.device'),
      dataIndex: 'userAgent',
      render: (ua: string | null) => (
        <Tooltip title={ua}>
          <span>{describeUserAgent(ua) ?? t('account.log.unknownDevice')}</span>
        </Tooltip>
      ),
    },
    { key: 'method', title: t('account.log.method'), dataIndex: 'grantType', render: grantName, width: 130 },
    {
      key: 'result',
      title: t('account.log.result'),
      dataIndex: 'success',
      render: (success: boolean, record) =>
        success ? (
          <span className="account-log-ok">
            <CheckCircleFilled /> {t('account.log.success')}
          </span>
        ) : (
          <span className="account-log-failed">
            <CloseCircleFilled /> {t('account.log.failure')}
            {record.reason ? <span className="account-muted"> · {reasonText(record.reason)}</span> : null}
          </span>
        ),
    },
  ];

  return (
    <section className="account-section">
      <Segmented
        className="account-log__views"
        value={view}
        onChange={(next) => setView(next as typeof view)}
        options={[
          { value: 'operations', label: t('account.operations.title') },
          { value: 'logins', label: t('account.operations.logins') },
        ]}
      />
      {view === 'operations' ? (
        <MyOperationsTable active={active} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('account.log.intro')}</Typography.Paragraph>
          <Table<LoginRecord>
            className="account-log"
            rowKey={(record) => `${record.createdAt}-${record.ip}-${record.grantType}`}
            columns={columns}
            dataSource={history.data ?? []}
            loading={history.isFetching}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 720 }}
            size="middle"
          />
        </>
      )}
    </section>
  );
}
