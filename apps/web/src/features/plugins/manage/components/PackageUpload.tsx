import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { PLUGIN_LIMITS } from '@kerf/contract';
import { Alert, App, Button, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../../api/request';
import { formatSize } from '../../../drive/model/format';
import { useUploadPackage } from '../hooks/use-manage-data';
import { type PackageIssue, packageFileIssue } from '../model/publishing';

interface Refusal {
  file: File;
  reason: string;
}

/**
 * An administrator's upload of a plugin package: picked or dropped, checked for what the browser can
 * tell (a zip, its size), then sent. A refusal (the server's verdict on the manifest, entry and icon)
 * stays on screen with the file kept, to read at leisure or send again; the versions already there are
 * untouched.
 */
export function PackageUpload() {
  const { t } = useTranslation();
  const upload = useUploadPackage();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { message } = App.useApp();

  const issueText = (issue: PackageIssue) =>
    issue.kind === 'notZip'
      ? t('plugins-manage.publishing.notZip')
      : issue.kind === 'empty'
        ? t('plugins-manage.publishing.empty')
        : t('plugins-manage.publishing.tooLarge', { size: formatSize(issue.maxBytes) });

  const send = (file: File) => {
    const issue = packageFileIssue(file);
    if (issue) {
      setRefusal({ file, reason: issueText(issue) });
      return;
    }
    setRefusal(null);
    setProgress({ name: file.name, fraction: 0 });
    upload.mutate(
      { file, onProgress: (fraction) => setProgress({ name: file.name, fraction }) },
      {
        // the new draft shows in the list below; a toast says so
        onSuccess: ({ msg }) =>
          void message.success(msg || t('plugins-manage.publishing.uploaded', { name: file.name })),
        onError: (error) => setRefusal({ file, reason: messageOf(error) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section className="plugins-manage__upload" aria-label={t('plugins-manage.publishing.uploadTitle')}>
      <Upload.Dragger
        accept=".zip,application/zip"
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          send(file);
          // sent by the mutation above, with the app's request client
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('plugins-manage.publishing.uploadTitle')}</p>
        <p className="ant-upload-hint">
          {t('plugins-manage.publishing.uploadHint', { size: formatSize(PLUGIN_LIMITS.packageMaxBytes) })}
        </p>
      </Upload.Dragger>
      <p className="plugins-manage__upload-help">
        {t('plugins-manage.publishing.uploadHelp')}{' '}
        <Link to="/help/12-plugins#publishing">{t('plugins-manage.publishing.docs')}</Link>
      </p>
      {progress ? (
        <div className="plugins-manage__upload-progress" role="status">
          <span>{t('plugins-manage.publishing.uploading', { name: progress.name })}</span>
          <Progress percent={Math.round(progress.fraction * 100)} size="small" />
        </div>
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="plugins-manage__upload-result"
          title={t('plugins-manage.publishing.uploadFailed', { name: refusal.file.name })}
          description={<span className="plugins-manage__upload-reason">{refusal.reason}</span>}
          action={
            <div className="plugins-manage__upload-result-actions">
              <Button size="small" icon={<ReloadOutlined />} onClick={() => send(refusal.file)}>
                {t('plugins-manage.publishing.retry')}
              </Button>
              <Button size="small" type="text" onClick={() => setRefusal(null)}>
                {t('plugins-manage.publishing.dismiss')}
              </Button>
            </div>
          }
        />
      ) : null}
    </section>
  );
}
