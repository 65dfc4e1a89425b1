import type { DeviceCommand } from '@kerf/contract';
import { Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings-store';
import { formatFullTime } from '../../drive/model/format';
import { COMMAND_TONE, commandMessageText, commandParamsText } from '../model/device-command';
import { DetailSection } from './DetailSection';

const time = (iso: string | null) => (iso ? <span className="device-time">{formatFullTime(iso)}</span> : null);

/**
 * The latest commands sent to the machine with their states (queued → sent → delivered → succeeded |
 * failed | timed out | expired). The page reads it again on each 'command' message of the socket.
 */
export function CommandHistoryTable({ commands, loading }: { commands: DeviceCommand[]; loading: boolean }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const none = <span className="device-muted">{t('devices.none')}</span>;

  const columns: TableColumnsType<DeviceCommand> = [
    {
      key: 'kind',
      title: t('devices.commands.kind'),
      width: 160,
      render: (_, command) => {
        const params = commandParamsText(command);
        return (
          <span>
            {t(`devices.command.kind.${command.kind}`)}
            {params ? <span className="device-muted"> · {params}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'state',
      title: t('devices.commands.state'),
      width: 110,
      render: (_, command) => {
        // when it was sent and acknowledged, for the curious, without two more columns of times
        const steps = [
          command.sentAt ? `${t('devices.commands.sentAt')} ${formatFullTime(command.sentAt)}` : '',
          command.deliveredAt ? `${t('devices.commands.deliveredAt')} ${formatFullTime(command.deliveredAt)}` : '',
        ].filter(Boolean);
        const tag = (
          <Tag color={COMMAND_TONE[command.state]} data-state={command.state}>
            {t(`devices.command.state.${command.state}`)}
          </Tag>
        );
        return steps.length ? <Tooltip title={steps.join(' · ')}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'message',
      title: t('devices.commands.message'),
      ellipsis: { showTitle: false },
      render: (_, command) => {
        const text = commandMessageText(command.message, locale);
        return text ? (
          <Tooltip title={text}>
            <span>{text}</span>
          </Tooltip>
        ) : (
          none
        );
      },
    },
    { key: 'createdAt', title: t('devices.commands.createdAt'), width: 170, render: (_, c) => time(c.createdAt) },
    {
      key: 'finishedAt',
      title: t('devices.commands.finishedAt'),
      width: 170,
      render: (_, c) => time(c.finishedAt) ?? none,
    },
  ];

  return (
    <DetailSection title={t('devices.detail.sections.commands')}>
      <Table<DeviceCommand>
        rowKey="id"
        size="small"
        aria-label={t('devices.commands.tableLabel')}
        columns={columns}
        dataSource={commands}
        loading={loading}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('devices.commands.empty') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </DetailSection>
  );
}
