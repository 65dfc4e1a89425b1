import {
  CloudDownloadOutlined,
  CopyOutlined,
  EyeOutlined,
  LockOutlined,
  SaveOutlined,
  StopOutlined,
  UnlockOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { isShareExpired, type ShareBatch } from '@kerf/contract';
import { Button, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { FileIcon } from '../../drive/components/FileIcon';
import { formatTime } from '../../drive/model/format';
import { batchTitle, isLocked, lockMinutesLeft, sharedItemsText } from '../model/share-batch';

export interface ShareBatchActions {
  onOpen(batch: ShareBatch): void;
  onCopy(batch: ShareBatch): void;
  onCancel(batches: ShareBatch[]): void;
  onUnlock(batch: ShareBatch): void;
}

const expiredOf = (batch: ShareBatch) => batch.expired || isShareExpired(batch.endTime);

function Stat({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <Tooltip title={label}>
      <span className="share-stat">
        {icon}
        <span aria-hidden>{count}</span>
        <span className="visually-hidden">{label}</span>
      </span>
    </Tooltip>
  );
}

/** My share batches (fileType 8): what, when, until when, the code and its lock, use, and actions. */
export function ShareBatchTable({
  batches,
  loading,
  selected,
  onSelectionChange,
  empty,
  ...actions
}: ShareBatchActions & {
  batches: ShareBatch[];
  loading: boolean;
  selected: readonly string[];
  onSelectionChange(shareBatchNums: string[]): void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  // a phone keeps the name (with expiry and code under it) and the actions
  const phone = useMediaQuery('(max-width: 575.98px)');

  const nameOf = (batch: ShareBatch) => sharedItemsText(t, batchTitle(batch));

  /** On a phone the time stands alone under the name, so it says what it is. */
  const expiry = (batch: ShareBatch, labelled = false) => (
    <span className="share-expiry">
      <span className={expiredOf(batch) ? 'share-expiry__time is-expired' : 'share-expiry__time'}>
        {labelled ? t('share.mine.batchHint', { time: formatTime(batch.endTime) }) : formatTime(batch.endTime)}
      </span>
      {expiredOf(batch) ? (
        <Tag color="default" className="share-expiry__tag">
          {t('share.expired')}
        </Tag>
      ) : null}
    </span>
  );

  const code = (batch: ShareBatch) => {
    const locked = isLocked(batch);
    return (
      <span className="share-code">
        {batch.extractionCode ? (
          <span className="share-code__value">{batch.extractionCode}</span>
        ) : (
          <span className="share-code__public">{t('share.mine.public')}</span>
        )}
        {locked ? (
          <Tooltip title={t('share.mine.lockedTip', { minutes: lockMinutesLeft(batch.lockedUntil) })}>
            <Tag color="warning" icon={<LockOutlined />} className="share-code__lock">
              {t('share.mine.locked')}
            </Tag>
          </Tooltip>
        ) : batch.failedAttempts > 0 ? (
          <Tooltip title={t('share.mine.failedAttempts', { count: batch.failedAttempts })}>
            <span className="share-code__attempts">
              <WarningOutlined aria-hidden />
              <span aria-hidden>{batch.failedAttempts}</span>
              <span className="visually-hidden">{t('share.mine.failedAttempts', { count: batch.failedAttempts })}</span>
            </span>
          </Tooltip>
        ) : null}
      </span>
    );
  };

  const columns: TableColumnsType<ShareBatch> = [
    {
      key: 'name',
      title: t('share.mine.columns.name'),
      ellipsis: !phone,
      render: (_, batch) => {
        const first = batch.files[0];
        const name = nameOf(batch);
        return (
          <div className="share-name-cell">
            <FileIcon entry={first ?? { isDir: 0, extendName: '' }} size={22} />
            <div className="share-name-cell__body">
              <button
                type="button"
                className="share-name-cell__name"
                title={name}
                aria-label={t('share.mine.openBatch', { name })}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.onOpen(batch);
                }}
              >
                {name}
              </button>
              <div className="share-name-cell__sub" title={batch.remarks || undefined}>
                {[
                  t('share.mine.sharedAt', { time: formatTime(batch.shareTime) }),
                  batch.remarks ? t('share.mine.remarks', { remarks: batch.remarks }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              {phone ? (
                <div className="share-name-cell__meta">
                  {expiry(batch, true)}
                  {code(batch)}
                </div>
              ) : null}
            </div>
          </div>
        );
      },
    },
  ];

  if (!phone) {
    columns.push(
      {
        key: 'endTime',
        title: t('share.mine.columns.endTime'),
        width: 190,
        render: (_, batch) => expiry(batch),
      },
      {
        key: 'code',
        title: t('share.mine.columns.code'),
        width: 140,
        render: (_, batch) => code(batch),
      },
      {
        key: 'stats',
        title: t('share.mine.columns.stats'),
        width: 140,
        render: (_, batch) => (
          <span className="share-stats">
            <Stat
              icon={<EyeOutlined aria-hidden />}
              count={batch.viewCount}
              label={t('share.mine.views', { count: batch.viewCount })}
            />
            <Stat
              icon={<CloudDownloadOutlined aria-hidden />}
              count={batch.downloadCount}
              label={t('share.mine.downloads', { count: batch.downloadCount })}
            />
            <Stat
              icon={<SaveOutlined aria-hidden />}
              count={batch.saveCount}
              label={t('share.mine.saves', { count: batch.saveCount })}
            />
          </span>
        ),
      },
    );
  }

  columns.push({
    key: 'actions',
    title: phone ? null : t('share.mine.columns.actions'),
    width: phone ? 88 : 110,
    align: phone ? 'right' : 'left',
    render: (_, batch) => {
      const name = nameOf(batch);
      const button = (key: string, label: string, icon: ReactNode, onClick: () => void, danger = false) => (
        <Tooltip key={key} title={label}>
          <Button
            type="text"
            size="small"
            danger={danger}
            icon={icon}
            aria-label={t('share.mine.actionOn', { action: label, name })}
            onClick={onClick}
          />
        </Tooltip>
      );
      return (
        // biome-ignore lint/a11y/noStaticElementInteractions: stops a click on an action from selecting the row
        // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keyboard
        <span className="share-actions" onClick={(event) => event.stopPropagation()}>
          {expiredOf(batch)
            ? null
            : button('copy', t('share.mine.copyLink'), <CopyOutlined />, () => actions.onCopy(batch))}
          {isLocked(batch)
            ? button('unlock', t('share.mine.unlock'), <UnlockOutlined />, () => actions.onUnlock(batch))
            : null}
          {button('cancel', t('share.mine.cancel'), <StopOutlined />, () => actions.onCancel([batch]), true)}
        </span>
      );
    },
  });

  return (
    <Table<ShareBatch>
      className="drive-table share-table"
      rowKey="shareBatchNum"
      size="middle"
      columns={columns}
      dataSource={batches}
      loading={loading}
      pagination={false}
      scroll={phone ? undefined : { x: 820 }}
      locale={{ emptyText: empty }}
      rowSelection={{
        selectedRowKeys: [...selected],
        onChange: (keys) => onSelectionChange(keys.map(String)),
        columnWidth: 44,
        getCheckboxProps: (batch) => ({ 'aria-label': t('drive.actions.select', { name: nameOf(batch) }) }),
      }}
      rowClassName={(batch) =>
        ['drive-row', selected.includes(batch.shareBatchNum) ? 'is-selected' : '', expiredOf(batch) ? 'is-expired' : '']
          .filter(Boolean)
          .join(' ')
      }
      onRow={(batch) => ({
        onDoubleClick: () => actions.onOpen(batch),
      })}
    />
  );
}
