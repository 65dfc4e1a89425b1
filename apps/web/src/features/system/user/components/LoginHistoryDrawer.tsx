import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SystemUser, type SystemUserLogin, userLogins } from '../../../../api/system-user-api';
import { useSettings } from '../../../../stores/settings-store';
import { describeUserAgent, formatDateTime } from '../../../account/account-format';

const PAGE_SIZE = 10;

/** A user's sign-in attempts, newest first, a page at a time (the words of the account page's log). */
export function LoginHistoryDrawer({ user, onClose }: { user: SystemUser; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [page, setPage] = useState(1);
  const logins = useQuery({
    queryKey: ['sysm', 'user-logins', user.id, page],
    queryFn: () => userLogins(user.id, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  /** The account page's words for a sign-in method or a refusal; the code itself when there are none. */
  const words = (group: 'grant' | 'reason', code: string) => {
    const key = `account.log.${group}.${code}`;
    return i18n.exists(key) ? t(key as 'account.log.success') : code;
  };

  return (
    <Drawer
      open
      width={720}
      title={t('sysmUser.logins.title', { name: user.nickName || user.loginName })}
      onClose={onClose}
      className="sysm-user-logins"
    >
      <Table<SystemUserLogin>
        rowKey="id"
        size="small"
        loading={logins.isFetching}
        dataSource={logins.data?.list ?? []}
        locale={{ emptyText: t('sysmUser.logins.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: logins.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        columns={[
          {
            key: 'time',
            title: t('account.log.time'),
            width: 170,
            render: (_, login) => formatDateTime(login.createdAt, locale),
          },
          { key: 'ip', title: t('account.log.ip'), width: 130, render: (_, login) => login.ip ?? '' },
          {
            key: 'device',
            title: t('account.log.device'),
            render: (_, login) => (
              <Tooltip title={login.userAgent}>
                <span>{describeUserAgent(login.userAgent) ?? t('account.log.unknownDevice')}</span>
              </Tooltip>
            ),
          },
          {
            key: 'method',
            title: t('account.log.method'),
            width: 90,
            render: (_, login) => words('grant', login.grantType),
          },
          {
            key: 'result',
            title: t('account.log.result'),
            width: 170,
            render: (_, login) =>
              login.success ? (
                <span className="sysm-user-logins__ok">
                  <CheckCircleFilled /> {t('account.log.success')}
                </span>
              ) : (
                <span className="sysm-user-logins__failed">
                  <CloseCircleFilled /> {t('account.log.failure')}
                  {login.reason ? <span className="sysm-user__muted"> · {words('reason', login.reason)}</span> : null}
                </span>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
