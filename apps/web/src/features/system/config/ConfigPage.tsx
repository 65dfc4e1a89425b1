import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIG_PERMISSIONS, configText } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfigItem, type ConfigQuery, listConfigs, removeConfig } from '../../../api/config-api';
import { messageOf } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { ColumnChoice } from '../shared/ColumnChoice';
import { SearchButtons } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { usePaging } from '../shared/use-paging';
import { ConfigDialog } from './dialogs/ConfigDialog';
import { type ConfigFilters, configQueryOf } from './model/config-form';
import './config.css';

/** The columns a person may hide; the first and the actions always show. */
const CONFIG_OPTIONAL_COLUMNS = ['key', 'value', 'builtin', 'remark', 'updatedAt'] as const;

/**
 * /sysm/config: the system parameters (RuoYi's 参数设置), searched by name, key and built-in flag;
 * added, changed and deleted by permission (a built-in one keeps its key and cannot be deleted). Every
 * read of a parameter goes to the database, so a change holds at once on every server instance.
 */
export function ConfigPage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<ConfigFilters>();
  const [query, setQuery] = useState<ConfigQuery>({});
  const { page, limit, setPage, pagination } = usePaging();
  const [editing, setEditing] = useState<ConfigItem | 'new' | null>(null);
  const configs = useQuery({
    queryKey: ['sysm', 'config', query, page, limit],
    queryFn: () => listConfigs(query, page, limit),
    placeholderData: keepPreviousData,
  });

  const remove = async (item: ConfigItem) => {
    try {
      void message.success(await removeConfig(item.id));
      await configs.refetch();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const search = (filters: ConfigFilters) => {
    setPage(1);
    setQuery(configQueryOf(filters));
  };

  const columns: TableColumnsType<ConfigItem> = [
    {
      key: 'name',
      title: t('sysmMonitor.config.name'),
      width: 220,
      ellipsis: true,
      render: (_, item) => configText(item, 'name', item.configName, locale),
    },
    {
      key: 'key',
      title: t('sysmMonitor.config.key'),
      dataIndex: 'configKey',
      width: 240,
      className: 'config-page__mono',
    },
    {
      key: 'value',
      title: t('sysmMonitor.config.value'),
      width: 160,
      ellipsis: { showTitle: false },
      render: (_, item) => (
        <Tooltip title={item.configValue} placement="topLeft">
          <span className="config-page__mono">{item.configValue}</span>
        </Tooltip>
      ),
    },
    {
      key: 'builtin',
      title: t('sysmMonitor.config.builtin'),
      width: 90,
      render: (_, item) =>
        item.builtin ? (
          <Tag color="blue">{t('sysmMonitor.config.yes')}</Tag>
        ) : (
          <Tag bordered={false}>{t('sysmMonitor.config.no')}</Tag>
        ),
    },
    {
      key: 'remark',
      title: t('sysmMonitor.config.remark'),
      ellipsis: true,
      render: (_, item) => configText(item, 'remark', item.remark, locale),
    },
    {
      key: 'updatedAt',
      title: t('sysmMonitor.config.updatedAt'),
      width: 170,
      render: (_, item) => formatDateTime(item.updatedAt, locale),
    },
    {
      key: 'actions',
      title: t('sysmMonitor.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_, item) => (
        <Space size={0}>
          {can.permission(CONFIG_PERMISSIONS.edit) ? (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('sysmMonitor.config.edit')} ${item.configKey}`}
              onClick={() => setEditing(item)}
            />
          ) : null}
          {can.permission(CONFIG_PERMISSIONS.remove) && !item.builtin ? (
            <Popconfirm
              title={t('sysmMonitor.config.confirmRemove', { name: configText(item, 'name', item.configName, locale) })}
              okText={t('sysmMonitor.config.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('sysmMonitor.common.cancel')}
              onConfirm={() => remove(item)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('sysmMonitor.config.remove')} ${item.configKey}`}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  const choice = useColumnChoice('config', CONFIG_OPTIONAL_COLUMNS);
  return (
    <div className="config-page">
      <Form form={form} name="config-search" layout="inline" className="config-page__filters" onFinish={search}>
        <Form.Item name="configName" label={t('sysmMonitor.config.name')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="configKey" label={t('sysmMonitor.config.key')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="builtin" label={t('sysmMonitor.config.builtin')}>
          <Select
            allowClear
            className="config-page__select"
            options={[
              { value: 'true', label: t('sysmMonitor.config.yes') },
              { value: 'false', label: t('sysmMonitor.config.no') },
            ]}
          />
        </Form.Item>
        <Space>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              search({});
            }}
          />
          {can.permission(CONFIG_PERMISSIONS.add) ? (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('sysmMonitor.config.add')}
            </Button>
          ) : null}
          <ColumnChoice options={choice.options(columns)} hidden={choice.hidden} onChange={choice.change} />
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="config-page__intro">
        {t('sysmMonitor.config.intro')}
      </Typography.Paragraph>
      {configs.isError ? (
        // a refusal (当前操作没有权限) says so rather than showing an empty list
        <Alert type="error" showIcon message={messageOf(configs.error)} className="config-page__refused" />
      ) : null}
      <Table<ConfigItem>
        rowKey="id"
        size="small"
        scroll={{ x: 960 }}
        loading={configs.isFetching}
        dataSource={configs.data?.list ?? []}
        locale={{ emptyText: t('sysmMonitor.common.none') }}
        pagination={pagination(configs.data?.total ?? 0, (total) => t('sysmMonitor.common.total', { count: total }))}
        columns={choice.shown(columns)}
      />
      {editing ? (
        <ConfigDialog
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void configs.refetch()}
        />
      ) : null}
    </div>
  );
}
