import { joinPath, previewMessages, UNZIP_MODE, type UnzipMode } from '@kerf/contract';
import { Alert, App, Button, Modal, Progress, Radio, Spin, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveEntry } from '../../../api/drive-api';
import { useStore } from '../../../stores/create-store';
import { useSettings } from '../../../stores/settings-store';
import { FileIcon } from '../../drive/components/FileIcon';
import { FolderPickerDialog } from '../../drive/dialogs/FolderPickerDialog';
import { fetchUnzipJob, startUnzipJob } from '../editors-api';
import { archiveFolderName, startUnzip, type UnzipRun, type UnzipRunState } from '../model/unzip-run';
import '../editors.css';

type Phase = 'choose' | 'pick' | 'run';

const CALLS = { start: startUnzipJob, job: fetchUnzipJob };

/**
 * Unzip (SPEC §2/§4/§7): choose where the files go (0 the archive's folder, 1 a new folder named after it,
 * 2 another folder, picked first), then the server's background job runs with progress and the wait
 * message 正在解压，请稍候…; 解压成功 at the end with the list refreshed, or the job's own refusal. The
 * job keeps running when the dialog is closed ("run in the background"), and still reports its end.
 */
export function UnzipDialog({
  archive,
  onFinished,
  onOpenFolder,
  onClose,
}: {
  archive: DriveEntry;
  /** The files are in the drive: refresh. */
  onFinished(): void;
  /** Shows the folder the files went into. */
  onOpenFolder?(path: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const [phase, setPhase] = useState<Phase>('choose');
  const [mode, setMode] = useState<UnzipMode>(UNZIP_MODE.current);
  const [run, setRun] = useState<UnzipRun | null>(null);
  const shown = useRef(true);
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );

  const here = archive.filePath || '/';
  const folderName = archiveFolderName(archive.fileName);
  const rootName = t('drive.root');
  const pathText = (path: string) => (path === '/' ? rootName : path);

  const finished = useCallback(
    (end: UnzipRunState) => {
      if (end.phase === 'done') {
        onFinished();
        const key = `unzip-${archive.userFileId}`;
        void message.success({
          key,
          duration: 4,
          content: (
            <span>
              {previewMessages.unzipped[locale]}
              {onOpenFolder && end.targetPath ? (
                <>
                  {' '}
                  <Button
                    type="link"
                    size="small"
                    className="unzip-toast__open"
                    onClick={() => {
                      message.destroy(key);
                      onOpenFolder(end.targetPath);
                    }}
                  >
                    {t('editors.unzip.openFolder')}
                  </Button>
                </>
              ) : null}
            </span>
          ),
        });
        if (shown.current) onClose();
      } else if (end.phase === 'failed' && !shown.current) {
        // closed while running: the refusal still has to be told
        void message.error({ content: end.message, duration: 6 });
      }
    },
    [archive.userFileId, locale, message, onClose, onFinished, onOpenFolder, t],
  );

  const begin = useCallback(
    (unzipMode: UnzipMode, folderId?: string) => {
      const started = startUnzip(CALLS, {
        userFileId: archive.userFileId,
        unzipMode,
        ...(folderId ? { folderId } : {}),
      });
      setRun(started);
      setPhase('run');
      void started.finished.then(finished);
    },
    [archive.userFileId, finished],
  );

  if (phase === 'pick') {
    return (
      <FolderPickerDialog
        purpose="unzip"
        entries={[]}
        startFolderId={archive.folderId || '0'}
        onConfirm={async (target) => {
          begin(UNZIP_MODE.target, target.id);
          return '';
        }}
        onDone={() => undefined}
        onClose={() => setPhase('choose')}
      />
    );
  }

  if (phase === 'run' && run) {
    return <UnzipProgressDialog run={run} archive={archive} onClose={onClose} />;
  }

  const choices: Array<{ value: UnzipMode; label: string; hint: string }> = [
    {
      value: UNZIP_MODE.current,
      label: t('editors.unzip.current'),
      hint: t('editors.unzip.currentHint', { path: pathText(here) }),
    },
    {
      value: UNZIP_MODE.named,
      label: t('editors.unzip.named', { name: folderName }),
      hint: t('editors.unzip.namedHint', { path: joinPath(here, folderName) }),
    },
    { value: UNZIP_MODE.target, label: t('editors.unzip.target'), hint: t('editors.unzip.targetHint') },
  ];

  const go = () => {
    if (mode === UNZIP_MODE.target) setPhase('pick');
    else begin(mode);
  };

  return (
    <Modal
      open
      title={t('editors.unzip.title')}
      width={480}
      onCancel={onClose}
      destroyOnHidden
      className="unzip-dialog"
      okText={mode === UNZIP_MODE.target ? t('editors.unzip.next') : t('editors.unzip.start')}
      cancelText={t('editors.unzip.cancel')}
      onOk={go}
    >
      <div className="unzip-dialog__archive">
        <FileIcon entry={archive} size={26} />
        <span className="unzip-dialog__archive-name" title={archive.fileName}>
          {archive.fileName}
        </span>
      </div>
      <p className="unzip-dialog__question" id="unzip-choose">
        {t('editors.unzip.choose')}
      </p>
      <Radio.Group
        className="unzip-modes"
        aria-labelledby="unzip-choose"
        value={mode}
        onChange={(event) => setMode(event.target.value as UnzipMode)}
      >
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} className="unzip-mode">
            <span className="unzip-mode__label">{choice.label}</span>
            <span className="unzip-mode__hint">{choice.hint}</span>
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}

/** The job's progress with the wait message; its refusal when it fails. */
function UnzipProgressDialog({ run, archive, onClose }: { run: UnzipRun; archive: DriveEntry; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const state = useStore(run, (s) => s);
  const { token } = theme.useToken();
  const failed = state.phase === 'failed';
  const percent = Math.round(state.progress * 100);
  return (
    <Modal
      open
      title={t('editors.unzip.title')}
      width={480}
      closable={failed}
      maskClosable={false}
      keyboard={failed}
      onCancel={onClose}
      destroyOnHidden
      className="unzip-dialog"
      footer={
        failed ? (
          <Button type="primary" onClick={onClose}>
            {t('editors.unzip.close')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('editors.unzip.background')}</Button>
        )
      }
    >
      <div className="unzip-dialog__archive">
        <FileIcon entry={archive} size={26} />
        <span className="unzip-dialog__archive-name" title={archive.fileName}>
          {archive.fileName}
        </span>
      </div>
      {failed ? (
        <Alert type="error" showIcon title={t('editors.unzip.failedTitle')} description={state.message} role="alert" />
      ) : (
        <div className="unzip-progress" role="status" aria-live="polite">
          <div className="unzip-progress__message">
            <Spin size="small" />
            {state.phase === 'done' ? previewMessages.unzipped[locale] : previewMessages.unzipWaiting[locale]}
          </div>
          <Progress
            percent={percent}
            status="active"
            strokeColor={token.colorPrimary}
            aria-label={previewMessages.unzipWaiting[locale]}
          />
          {state.targetPath ? (
            <div className="unzip-progress__target">
              {t('editors.unzip.into', { path: state.targetPath === '/' ? t('drive.root') : state.targetPath })}
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
