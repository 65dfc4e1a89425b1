import {
  CaretRightOutlined,
  CheckCircleFilled,
  CloseOutlined,
  DeleteOutlined,
  DownOutlined,
  ExclamationCircleFilled,
  FolderOpenOutlined,
  PauseOutlined,
  RedoOutlined,
  ThunderboltFilled,
  UpOutlined,
} from '@ant-design/icons';
import { extensionOf, type PendingUpload } from '@kerf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Tooltip } from 'antd';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownByClient, messageOf } from '../../../api/request';
import { cancelPendingUpload, listPendingUploads } from '../../../api/transfer-api';
import { FileIcon } from '../components/FileIcon';
import { useDriveKey } from '../hooks/use-drive-data';
import { formatSize, formatSpeed } from '../model/format';
import { driveUploads, useUploadItems } from './drive-uploads';
import { FINISHED, queueSummary, type UploadItem } from './upload-queue';

function percentOf(item: UploadItem): number {
  if (FINISHED.has(item.status)) return 100;
  if (item.status === 'hashing') return Math.floor(item.hashed * 100);
  return item.size > 0 ? Math.floor((item.uploadedBytes / item.size) * 100) : 0;
}

function ItemStatus({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const percent = percentOf(item);
  switch (item.status) {
    case 'hashing':
      return <span>{t('drive.upload.status.hashing', { percent })}</span>;
    case 'uploading':
      return (
        <span>
          {t('drive.upload.status.uploading')} {percent}% · {formatSpeed(item.speed)}
          {item.resumedChunks > 0 ? ` · ${t('drive.upload.resumed', { count: item.resumedChunks })}` : ''}
        </span>
      );
    case 'error':
      return (
        <span className="upload-item__error">
          <ExclamationCircleFilled /> {t('drive.upload.status.error', { message: item.error ?? '' })}
        </span>
      );
    case 'instant':
      return (
        <span className="upload-item__instant">
          <ThunderboltFilled /> {t('drive.upload.status.instant')}
        </span>
      );
    case 'done':
      return (
        <span className="upload-item__done">
          <CheckCircleFilled /> {t('drive.upload.status.done')}
        </span>
      );
    case 'paused':
      return (
        <span>
          {t('drive.upload.status.paused')} · {formatSize(item.uploadedBytes)} / {formatSize(item.size)}
        </span>
      );
    default:
      return <span>{t(`drive.upload.status.${item.status}`, { percent, message: '' })}</span>;
  }
}

function ItemRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const ext = extensionOf(item.fileName);
  const where = item.relativePath
    ? `${item.targetPath === '/' ? '' : item.targetPath}/${item.relativePath}`
    : item.targetPath;
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={`${label} ${item.fileName}`} onClick={onClick} />
    </Tooltip>
  );
  const status = item.status;
  return (
    <li className={`upload-item upload-item--${status}`} aria-label={item.fileName}>
      <FileIcon entry={{ isDir: 0, extendName: ext }} size={26} />
      <div className="upload-item__body">
        <div className="upload-item__name" title={item.fileName}>
          {item.fileName}
        </div>
        <div className="upload-item__where" title={where}>
          {t('drive.upload.to', { path: where })} · {formatSize(item.size)}
        </div>
        {item.savedAs ? (
          <div className="upload-item__where" title={item.savedAs}>
            {t('drive.upload.savedAs', { name: item.savedAs })}
          </div>
        ) : null}
        {item.replaced ? <div className="upload-item__where">{t('drive.upload.replaced')}</div> : null}
        {!FINISHED.has(status) && status !== 'error' ? (
          <Progress
            percent={percentOf(item)}
            size="small"
            showInfo={false}
            status={status === 'paused' ? 'normal' : 'active'}
            strokeColor={status === 'hashing' ? '#8c96a5' : 'var(--kerf-primary)'}
          />
        ) : null}
        <div className="upload-item__status" role="status">
          <ItemStatus item={item} />
        </div>
      </div>
      <div className="upload-item__actions">
        {status === 'hashing' || status === 'uploading' || status === 'waiting'
          ? action(t('drive.upload.pause'), <PauseOutlined />, () => driveUploads.pause(item.id))
          : null}
        {status === 'paused'
          ? action(t('drive.upload.resume'), <CaretRightOutlined />, () => driveUploads.resume(item.id))
          : null}
        {status === 'error'
          ? action(t('drive.upload.retry'), <RedoOutlined />, () => driveUploads.retry(item.id))
          : null}
        {!FINISHED.has(status) && status !== 'completing'
          ? action(t('drive.upload.cancel'), <CloseOutlined />, () => driveUploads.cancel(item.id))
          : null}
      </div>
    </li>
  );
}

/** An upload the server holds chunks of but this page has no file for (after a reload). */
function PendingRow({ pending, onChoose, onDiscard }: { pending: PendingUpload; onChoose(): void; onDiscard(): void }) {
  const { t } = useTranslation();
  const percent = pending.fileSize > 0 ? Math.floor((pending.uploadedBytes / pending.fileSize) * 100) : 0;
  return (
    <li className="upload-item upload-item--pending" aria-label={pending.fileName}>
      <FileIcon entry={{ isDir: 0, extendName: extensionOf(pending.fileName) }} size={26} />
      <div className="upload-item__body">
        <div className="upload-item__name" title={pending.fileName}>
          {pending.fileName}
        </div>
        <Progress percent={percent} size="small" showInfo={false} strokeColor="var(--kerf-primary)" />
        <div className="upload-item__status">
          {t('drive.upload.pendingProgress', {
            uploaded: formatSize(pending.uploadedBytes),
            size: formatSize(pending.fileSize),
            path: pending.targetPath,
          })}
        </div>
        <div className="upload-item__pending-actions">
          <Button size="small" icon={<FolderOpenOutlined />} onClick={onChoose}>
            {t('drive.upload.chooseAgain')}
          </Button>
          <Button size="small" type="text" icon={<DeleteOutlined />} onClick={onDiscard}>
            {t('drive.upload.discard')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The floating upload list at the bottom right (like Cloudreve's): every file with its progress,
 * speed and controls, and the unfinished uploads the server remembers from an earlier page.
 */
export function UploadPanel({
  resolveFolderId,
}: {
  /** The id of the folder at a path, so a resumed upload goes back where it was headed. */
  resolveFolderId(path: string): string | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const items = useUploadItems();
  const [collapsed, setCollapsed] = useState(false);
  const [hidden, setHidden] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const [resuming, setResuming] = useState<PendingUpload | null>(null);
  const pendingKey = [...useDriveKey(), 'pending-uploads'];
  const pendingQuery = useQuery({ queryKey: pendingKey, queryFn: listPendingUploads, retry: false });
  const known = new Set(items.map((i) => i.uploadId).filter(Boolean));
  const pending = (pendingQuery.data ?? []).filter((p) => !known.has(p.uploadId));
  const summary = queueSummary(items);

  // a new upload brings the panel back
  const count = items.length;
  useEffect(() => {
    if (count > 0) setHidden(false);
  }, [count]);

  // A refusal (no room, too many unfinished uploads) is often down to uploads left unfinished
  // elsewhere: list them fresh, so they can be discarded right here.
  const failed = summary.failed;
  const refreshPending = pendingQuery.refetch;
  useEffect(() => {
    if (failed > 0) void refreshPending();
  }, [failed, refreshPending]);

  if (hidden || (items.length === 0 && pending.length === 0)) return null;

  const overall = summary.bytes > 0 ? Math.floor((summary.sent / summary.bytes) * 100) : 100;
  const running = summary.active > 0;

  const choose = (upload: PendingUpload) => {
    setResuming(upload);
    chooser.current?.click();
  };

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const wanted = resuming;
    setResuming(null);
    if (!file || !wanted) return;
    if (file.name !== wanted.fileName || file.size !== wanted.fileSize) {
      void message.warning(t('drive.upload.wrongFile', { name: wanted.fileName, size: formatSize(wanted.fileSize) }));
      return;
    }
    driveUploads.add([{ file }], {
      folderId: resolveFolderId(wanted.targetPath) ?? '0',
      targetPath: wanted.targetPath,
    });
  };

  const discard = async (upload: PendingUpload) => {
    try {
      const text = await cancelPendingUpload(upload.uploadId);
      void message.success(text || t('drive.upload.discarded'));
    } catch (error) {
      if (!isShownByClient(error)) void message.error(messageOf(error));
    }
    await client.invalidateQueries({ queryKey: pendingKey });
  };

  return (
    <section
      className={collapsed ? 'upload-panel is-collapsed' : 'upload-panel'}
      aria-label={t('drive.upload.panelTitle')}
    >
      <header className="upload-panel__head">
        <div className="upload-panel__title">
          <span>{t('drive.upload.panelTitle')}</span>
          {items.length ? (
            <span className="upload-panel__summary">
              {t('drive.upload.summary', { finished: summary.finished, total: summary.total })}
              {running && summary.speed > 0 ? ` · ${formatSpeed(summary.speed)}` : ''}
            </span>
          ) : null}
        </div>
        <Tooltip title={t(collapsed ? 'drive.upload.expand' : 'drive.upload.collapse')}>
          <Button
            type="text"
            size="small"
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            aria-label={t(collapsed ? 'drive.upload.expand' : 'drive.upload.collapse')}
            onClick={() => setCollapsed((c) => !c)}
          />
        </Tooltip>
        {!running ? (
          <Tooltip title={t('drive.upload.close')}>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('drive.upload.close')}
              onClick={() => {
                driveUploads.clearFinished();
                setHidden(true);
              }}
            />
          </Tooltip>
        ) : null}
      </header>
      {items.length ? (
        <Progress
          className="upload-panel__overall"
          percent={overall}
          showInfo={false}
          size="small"
          strokeColor="var(--kerf-primary)"
        />
      ) : null}
      {collapsed ? null : (
        <div className="upload-panel__body">
          {items.length ? (
            <div className="upload-panel__bar">
              <Button
                size="small"
                type="link"
                onClick={() => (summary.active ? driveUploads.pauseAll() : driveUploads.resumeAll())}
                disabled={!summary.active && !summary.paused && !summary.failed}
              >
                {summary.active ? t('drive.upload.pauseAll') : t('drive.upload.resumeAll')}
              </Button>
              <Button
                size="small"
                type="link"
                onClick={() => driveUploads.clearFinished()}
                disabled={!summary.finished}
              >
                {t('drive.upload.clearFinished')}
              </Button>
            </div>
          ) : null}
          <ul className="upload-panel__list">
            {items.map((item) => (
              <ItemRow key={item.id} item={item} />
            ))}
          </ul>
          {pending.length ? (
            <div className="upload-panel__pending">
              <div className="upload-panel__pending-title">{t('drive.upload.pendingTitle')}</div>
              <p className="upload-panel__hint">{t('drive.upload.pendingHint')}</p>
              <ul className="upload-panel__list">
                {pending.map((upload) => (
                  <PendingRow
                    key={upload.uploadId}
                    pending={upload}
                    onChoose={() => choose(upload)}
                    onDiscard={() => void discard(upload)}
                  />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
      <input ref={chooser} type="file" hidden onChange={onChosen} data-testid="drive-resume-file" />
    </section>
  );
}
