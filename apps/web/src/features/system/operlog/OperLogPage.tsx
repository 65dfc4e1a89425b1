import { BUSINESS_TYPES, type BusinessType, OPER_LOG_PERMISSIONS, type OperStatus } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cleanOperations,
  listOperations,
  type OperLog,
  type OperLogQuery,
  operationsExportUrl,
} from '../../../api/oper-log-api';
import { messageOf } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { ColumnChoice } from '../shared/ColumnChoice';
import { CleanButton, ExportButton, SearchButtons } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { OperLogDetail } from './OperLogDetail';
import './operlog.css';

const PAGE_SIZE = 20;
type Filters = {
  userName?: string;
  module?: string;
  businessType?: BusinessType;
  status?: OperStatus;
  range?: [Dayjs, Dayjs];
};

/** The filters as the list call takes them (the range's days whole, in local time). */
function queryOf(filters: Filters): OperLogQuery {
  const [from, to] = filters.range ?? [];
  return {
    ...(filters.userName?.trim() ? { userName: filters.userName.trim() } : {}),
    ...(filters.module?.trim() ? { module: filters.module.trim() } : {}),
    ...(filters.businessType ? { businessType: filters.businessType } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(from ? { from: from.startOf('day').toISOString() } : {}),
    ...(to ? { to: to.add(1, 'day').startOf('day').toISOString() } : {}),
  };
}

/** The columns a person may hide; the first and the actions always show. */
const OPERLOG_OPTIONAL_COLUMNS = ['person', 'module', 'type', 'what', 'ip', 'result', 'cost'] as const;

/**
 * /sysm/operlog: everyone's operations, newest first, searched by person, module, type, result and
 * days; one opens with its parameters (secrets already masked) and error; cleaning asks first.
 */
export function OperLogPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<OperLogQuery>({});
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<OperLog | null>(null);
  const log = useQuery({
    queryKey: ['sysm', 'operlog', query, page],
    queryFn: () => listOperations(query, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const clean = async () => {
    try {
      void message.success(await cleanOperations());
      setPage(1);
      await log.refetch();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const typeName = (type: BusinessType) => t(`account.operations.types.${type}`);

  const columns: TableColumnsType<OperLog> = [
    {
      key: 'time',
      title: t('account.log.time'),
      width: 170,
      render: (_, op) => formatDateTime(op.createdAt, locale),
    },
    { key: 'person', title: t('system.operlog.person'), width: 130, render: (_, op) => op.userName || '—' },
    { key: 'module', title: t('system.operlog.module'), width: 100, dataIndex: 'module' },
    {
      key: 'type',
      title: t('account.operations.type'),
      width: 90,
      render: (_, op) => <Tag bordered={false}>{typeName(op.businessType)}</Tag>,
    },
    {
      key: 'what',
      title: t('account.operations.what'),
      render: (_, op) => (
        <span className="operlog-page__route">
          {op.method} {op.route.replace(/^\/(cloud|uac)-api/, '')}
        </span>
      ),
    },
    { key: 'ip', title: t('account.log.ip'), width: 130, dataIndex: 'ip' },
    {
      key: 'result',
      title: t('account.log.result'),
      width: 90,
      render: (_, op) => (
        <Tag color={op.status === '0' ? 'green' : 'red'}>
          {t(op.status === '0' ? 'account.log.success' : 'account.log.failure')}
        </Tag>
      ),
    },
    { key: 'cost', title: t('account.operations.cost'), width: 90, render: (_, op) => `${op.costMs} ms` },
  ];
  const choice = useColumnChoice('operlog', OPERLOG_OPTIONAL_COLUMNS);
  return (
    <div className="operlog-page">
      <Form
        form={form}
        layout="inline"
        className="operlog-page__filters"
        onFinish={(values) => {
          setPage(1);
          setQuery(queryOf(values));
        }}
      >
        <Form.Item name="userName" label={t('system.operlog.person')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="module" label={t('system.operlog.module')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="businessType" label={t('account.operations.type')}>
          <Select
            allowClear
            className="operlog-page__select"
            options={BUSINESS_TYPES.map((v) => ({ value: v, label: typeName(v) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('account.log.result')}>
          <Select
            allowClear
            className="operlog-page__select"
            options={[
              { value: '0', label: t('account.log.success') },
              { value: '1', label: t('account.log.failure') },
            ]}
          />
        </Form.Item>
        <Form.Item name="range" label={t('system.operlog.days')}>
          <DatePicker.RangePicker allowClear />
        </Form.Item>
        <Space>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              setPage(1);
              setQuery({});
            }}
          />
          {can.permission(OPER_LOG_PERMISSIONS.export) ? (
            <ExportButton hrefOf={(format) => operationsExportUrl(query, format)} />
          ) : null}
          {can.permission(OPER_LOG_PERMISSIONS.remove) ? (
            <CleanButton confirm={t('system.operlog.confirmClean')} onConfirm={clean} />
          ) : null}
          <ColumnChoice options={choice.options(columns)} hidden={choice.hidden} onChange={choice.change} />
        </Space>
      </Form>
      <Table<OperLog>
        rowKey="id"
        size="small"
        scroll={{ x: 1000 }}
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('account.operations.none') }}
        onRow={(op) => ({ onClick: () => setOpened(op), className: 'operlog-page__row' })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) =>
            t(log.data?.capped ? 'system.operlog.totalMore' : 'system.operlog.total', { count: total }),
        }}
        columns={choice.shown(columns)}
      />
      {opened ? <OperLogDetail operation={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}
