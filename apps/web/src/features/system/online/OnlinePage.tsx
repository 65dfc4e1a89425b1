import { LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { ONLINE_PERMISSIONS } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forceLogout, listOnline, type OnlineQuery, type OnlineSession } from '../../../api/monitor-api';
import { messageOf } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { useSettings } from '../../../stores/settings-store';
import { formatDateTime } from '../../account/account-format';
import { ColumnChoice } from '../shared/ColumnChoice';
import { SearchButtons } from '../shared/SearchButtons';
import { useColumnChoice } from '../shared/use-column-choice';
import { usePaging } from '../shared/use-paging';
import { type OnlineFilters, onlineQueryOf, sessionOwner } from './model/online-query';
import './online.css';

/** The columns a person may hide; the first and the actions always show. */
const ONLINE_OPTIONAL_COLUMNS = ['ip', 'browser', 'os', 'signedInAt', 'lastSeenAt'] as const;

/**
 * /sysm/online: the sessions in use now (RuoYi's 在线用户), searched by person and address, refreshed on
 * demand; forcing one out (after a confirmation) ends it at once on every server instance, and its
 * owner's next action shows the re-login dialog.
 */
export function OnlinePage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<OnlineFilters>();
  const [query, setQuery] = useState<OnlineQuery>({});
  const { page, limit, setPage, pagination } = usePaging();
  const sessions = useQuery({
    queryKey: ['sysm', 'online', query, page, limit],
    queryFn: () => listOnline(query, page, limit),
    placeholderData: keepPreviousData,
  });
  const force = async (session: OnlineSession) => {
    try {
      void message.success(await forceLogout(session.sessionId));
    } catch (error) {
      void message.error(messageOf(error));
    }
    await sessions.refetch();
  };
  const search = (filters: OnlineFilters) => {
    setPage(1);
    setQuery(onlineQueryOf(filters));
  };
  const unknown = <span className="online-page__muted">{t('sysmMonitor.logininfor.unknown')}</span>;

  const columns: TableColumnsType<OnlineSession> = [
    {
      key: 'user',
      title: t('sysmMonitor.online.user'),
      width: 200,
      render: (_, session) => (
        <Space size={4} wrap>
          <span>{sessionOwner(session)}</span>
          {session.nickName && session.loginName !== session.nickName ? (
            <span className="online-page__muted">{session.loginName}</span>
          ) : null}
          {session.current ? <Tag color="blue">{t('sysmMonitor.online.current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'ip', title: t('sysmMonitor.online.ip'), dataIndex: 'ip', width: 140 },
    {
      key: 'browser',
      title: t('sysmMonitor.online.browser'),
      width: 120,
      render: (_, session) => session.browser || unknown,
    },
    { key: 'os', title: t('sysmMonitor.online.os'), width: 120, render: (_, s) => s.os || unknown },
    {
      key: 'signedInAt',
      title: t('sysmMonitor.online.signedInAt'),
      width: 170,
      render: (_, session) => formatDateTime(session.createdAt, locale),
    },
    {
      key: 'lastSeenAt',
      title: t('sysmMonitor.online.lastSeenAt'),
      width: 170,
      render: (_, session) => formatDateTime(session.lastSeenAt, locale),
    },
    {
      key: 'actions',
      title: t('sysmMonitor.common.actions'),
      width: 110,
      fixed: 'right',
      render: (_, session) =>
        can.permission(ONLINE_PERMISSIONS.forceLogout) && !session.current ? (
          <Popconfirm
            title={t('sysmMonitor.online.confirmForce', { name: sessionOwner(session) })}
            okText={t('sysmMonitor.online.forceLogout')}
            okButtonProps={{ danger: true }}
            cancelText={t('sysmMonitor.common.cancel')}
            onConfirm={() => force(session)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<LogoutOutlined />}
              aria-label={`${t('sysmMonitor.online.forceLogout')} ${sessionOwner(session)} ${session.ip}`}
            >
              {t('sysmMonitor.online.forceLogout')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  const choice = useColumnChoice('online', ONLINE_OPTIONAL_COLUMNS);
  return (
    <div className="online-page">
      <Form form={form} name="online-search" layout="inline" className="online-page__filters" onFinish={search}>
        <Form.Item name="userName" label={t('sysmMonitor.online.user')}>
          <Input allowClear autoComplete="off" placeholder={t('sysmMonitor.online.userSearch')} />
        </Form.Item>
        <Form.Item name="ip" label={t('sysmMonitor.online.ip')}>
          <Input allowClear autoComplete="off" className="online-page__ip" />
        </Form.Item>
        <Space wrap>
          <SearchButtons
            onReset={() => {
              form.resetFields();
              search({});
            }}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void sessions.refetch()}>
            {t('sysmMonitor.common.refresh')}
          </Button>
          <ColumnChoice options={choice.options(columns)} hidden={choice.hidden} onChange={choice.change} />
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="online-page__intro">
        {t('sysmMonitor.online.intro')}
      </Typography.Paragraph>
      {sessions.isError ? (
        <Alert type="error" showIcon message={messageOf(sessions.error)} className="online-page__refused" />
      ) : null}
      <Table<OnlineSession>
        rowKey="sessionId"
        size="small"
        scroll={{ x: 1000 }}
        loading={sessions.isFetching}
        dataSource={sessions.data?.list ?? []}
        locale={{ emptyText: t('sysmMonitor.common.none') }}
        pagination={pagination(sessions.data?.total ?? 0, (total) => t('sysmMonitor.common.total', { count: total }))}
        columns={choice.shown(columns)}
      />
    </div>
  );
}
