import { LOGIN_LOG_PERMISSIONS } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cleanLoginLogs,
  type LoginLogItem,
  type LoginLogQuery,
  listLoginLogs,
  loginLogExportUrl,
} from '../../../api/monitor-api';
import { messageOf } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { ColumnChoice } from '../shared/ColumnChoice';
import { CleanButton, ExportButton, SearchButtons } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { usePaging } from '../shared/use-paging';
import { type LoginLogFilters, loginDetail, loginLogQueryOf, personOf } from './model/login-log-query';
import './logininfor.css';

const GRANTS = ['password', 'code', 'wechat'] as const;

/** The columns a person may hide; the first and the actions always show. */
const LOGININFOR_OPTIONAL_COLUMNS = ['account', 'user', 'ip', 'browser', 'os', 'method', 'result'] as const;

/**
 * /sysm/logininfor: every sign-in attempt, newest first (RuoYi's 登录日志), searched by account or
 * person, address, result and days; the browser and system read from the user agent; exported as the
 * search finds it; cleaned after a confirmation.
 */
export function LoginLogPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<LoginLogFilters>();
  const [query, setQuery] = useState<LoginLogQuery>({});
  const { page, limit, setPage, pagination } = usePaging();
  const log = useQuery({
    queryKey: ['sysm', 'logininfor', query, page, limit],
    queryFn: () => listLoginLogs(query, page, limit),
    placeholderData: keepPreviousData,
  });
  const clean = async () => {
    try {
      void message.success(await cleanLoginLogs());
      setPage(1);
      await log.refetch();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const search = (filters: LoginLogFilters) => {
    setPage(1);
    setQuery(loginLogQueryOf(filters));
  };
  const grantName = (grant: string) =>
    (GRANTS as readonly string[]).includes(grant) ? t(`account.log.grant.${grant as (typeof GRANTS)[number]}`) : grant;
  const unknown = <span className="logininfor-page__muted">{t('sysmMonitor.logininfor.unknown')}</span>;

  const columns: TableColumnsType<LoginLogItem> = [
    {
      key: 'time',
      title: t('sysmMonitor.logininfor.time'),
      width: 160,
      render: (_, item) => formatDateTime(item.createdAt, locale),
    },
    {
      key: 'account',
      title: t('sysmMonitor.logininfor.account'),
      dataIndex: 'account',
      width: 180,
      ellipsis: true,
    },
    {
      key: 'user',
      title: t('sysmMonitor.logininfor.user'),
      width: 130,
      ellipsis: { showTitle: false },
      render: (_, item) =>
        personOf(item) ? (
          <Tooltip title={item.loginName} placement="topLeft">
            {personOf(item)}
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { key: 'ip', title: t('sysmMonitor.logininfor.ip'), dataIndex: 'ip', width: 130 },
    {
      key: 'browser',
      title: t('sysmMonitor.logininfor.browser'),
      width: 110,
      render: (_, item) => item.browser || unknown,
    },
    { key: 'os', title: t('sysmMonitor.logininfor.os'), width: 110, render: (_, item) => item.os || unknown },
    {
      key: 'method',
      title: t('sysmMonitor.logininfor.method'),
      width: 80,
      render: (_, item) => grantName(item.grantType),
    },
    {
      key: 'result',
      title: t('sysmMonitor.logininfor.result'),
      width: 80,
      render: (_, item) => (
        <Tag color={item.status === '0' ? 'green' : 'red'}>
          {t(item.status === '0' ? 'sysmMonitor.logininfor.success' : 'sysmMonitor.logininfor.failure')}
        </Tag>
      ),
    },
    {
      key: 'detail',
      title: t('sysmMonitor.logininfor.detail'),
      ellipsis: true,
      render: (_, item) => loginDetail(item, locale),
    },
  ];
  const choice = useColumnChoice('logininfor', LOGININFOR_OPTIONAL_COLUMNS);
  return (
    <div className="logininfor-page">
      <Form form={form} name="logininfor-search" layout="inline" className="logininfor-page__filters" onFinish={search}>
        <Form.Item name="account" label={t('sysmMonitor.logininfor.account')}>
          <Input allowClear autoComplete="off" placeholder={t('sysmMonitor.logininfor.accountSearch')} />
        </Form.Item>
        <Form.Item name="ip" label={t('sysmMonitor.logininfor.ip')}>
          <Input allowClear autoComplete="off" className="logininfor-page__ip" />
        </Form.Item>
        <Form.Item name="status" label={t('sysmMonitor.logininfor.result')}>
          <Select
            allowClear
            className="logininfor-page__select"
            options={[
              { value: '0', label: t('sysmMonitor.logininfor.success') },
              { value: '1', label: t('sysmMonitor.logininfor.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('sysmMonitor.logininfor.days')}>
          <DatePicker.RangePicker allowClear />
        </Form.Item>
        <Space wrap>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              search({});
            }}
          />
          {can.permission(LOGIN_LOG_PERMISSIONS.export) ? (
            <ExportButton hrefOf={(format) => loginLogExportUrl(query, format)} />
          ) : null}
          {can.permission(LOGIN_LOG_PERMISSIONS.remove) ? (
            <CleanButton confirm={t('sysmMonitor.logininfor.confirmClean')} onConfirm={clean} />
          ) : null}
          <ColumnChoice options={choice.options(columns)} hidden={choice.hidden} onChange={choice.change} />
        </Space>
      </Form>
      {log.isError ? (
        <Alert type="error" showIcon message={messageOf(log.error)} className="logininfor-page__refused" />
      ) : null}
      <Table<LoginLogItem>
        rowKey="id"
        size="small"
        scroll={{ x: 1100 }}
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('sysmMonitor.common.none') }}
        pagination={pagination(log.data?.total ?? 0, (total) =>
          t(log.data?.capped ? 'sysmMonitor.common.totalMore' : 'sysmMonitor.common.total', { count: total }),
        )}
        columns={choice.shown(columns)}
      />
    </div>
  );
}
