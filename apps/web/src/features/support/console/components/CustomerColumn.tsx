import { DEVICE_RUNTIME_STATES, type DeviceRuntimeState, type SupportConversation } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { fetchCustomer } from '../../../../api/support-api';
import { useSettings } from '../../../../stores/settings-store';
import { formatDateTime } from '../../../account/account-format';
import { DeviceStateBadge } from '../../../devices/components/DeviceStateBadge';

const isRuntimeState = (state: string): state is DeviceRuntimeState =>
  (DEVICE_RUNTIME_STATES as readonly string[]).includes(state);

/** Beside the conversation: who the customer is (account or visitor) and their machines with their state. */
export function CustomerColumn({ conversation }: { conversation: SupportConversation }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const customer = useQuery({
    queryKey: ['support', 'customer', conversation.id],
    queryFn: () => fetchCustomer(conversation.id),
  });
  const none = t('supportChat.console.customer.none');
  const data = customer.data;
  return (
    <section className="support-customer" aria-label={t('supportChat.console.customer.title')}>
      <h3 className="support-customer__title">{t('supportChat.console.customer.title')}</h3>
      {customer.isPending ? (
        <Spin />
      ) : customer.isError || !data ? (
        <Alert
          type="warning"
          showIcon
          title={t('supportChat.console.customer.loadFailed')}
          description={messageOf(customer.error)}
        />
      ) : (
        <>
          {data.userId ? null : <Tag>{t('supportChat.console.customer.visitor')}</Tag>}
          <Descriptions
            column={1}
            size="small"
            className="support-customer__facts"
            items={[
              { key: 'name', label: t('supportChat.console.customer.name'), children: data.name || none },
              ...(data.userId
                ? [
                    { key: 'email', label: t('supportChat.console.customer.email'), children: data.email || none },
                    { key: 'mobile', label: t('supportChat.console.customer.mobile'), children: data.mobile || none },
                  ]
                : []),
              ...(data.contact
                ? [{ key: 'contact', label: t('supportChat.console.customer.contact'), children: data.contact }]
                : []),
              {
                key: 'registered',
                label: t('supportChat.console.customer.registered'),
                children: data.userId ? formatDateTime(data.createdAt, locale) || none : none,
              },
              {
                key: 'lastLogin',
                label: t('supportChat.console.customer.lastLogin'),
                children: formatDateTime(data.lastLoginAt, locale) || none,
              },
            ]}
          />
          {data.userId ? (
            <>
              <h4 className="support-customer__devices-title">
                {t('supportChat.console.customer.devices', { count: data.devices.length })}
              </h4>
              {data.devices.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supportChat.console.customer.noDevices')} />
              ) : (
                <ul className="support-customer__devices">
                  {data.devices.map((device) => (
                    <li key={device.id}>
                      <div className="support-customer__device-name">{device.name || device.serial}</div>
                      <div className="support-customer__device-meta">
                        {device.model} · {device.serial}
                      </div>
                      {isRuntimeState(device.state) ? (
                        <DeviceStateBadge state={device.state} />
                      ) : (
                        <Tag>{device.state}</Tag>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
