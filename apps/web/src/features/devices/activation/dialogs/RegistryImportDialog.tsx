import { InboxOutlined } from '@ant-design/icons';
import { DEVICE_LIMITS, deviceMessages } from '@kerf/contract';
import { Alert, Button, Modal, Result, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importRegistry, type RegistryImportResult } from '../../../../api/device-api';
import { isShownByClient, messageOf } from '../../../../api/request';
import { useMediaQuery } from '../../../../app/media/use-media-query';
import { useSettings } from '../../../../stores/settings-store';

type Problem = RegistryImportResult['problems'][number];

/**
 * The maker's production list (CSV) into the register, for administrators (`device:registry:import`).
 * Good rows are added together; every other row comes back with its line and why, shown as a table.
 * A file the server refuses whole (unreadable, a column missing, too large) changes nothing.
 */
export function RegistryImportDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<RegistryImportResult | null>(null);

  const choose = (picked: File) => {
    setReport(null);
    // the server would refuse it too, after the whole upload
    if (picked.size > DEVICE_LIMITS.importMaxBytes) {
      setFile(null);
      setProblem(deviceMessages.importTooLarge[locale]);
    } else {
      setFile(picked);
      setProblem(null);
    }
    return false;
  };

  const run = async () => {
    if (!file) {
      setProblem(t('activation.import.chooseFile'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setReport((await importRegistry(file, file.name)).report);
    } catch (error) {
      if (!isShownByClient(error)) setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const footer = report ? (
    <Button type="primary" onClick={onClose}>
      {t('activation.import.done')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose}>{t('activation.import.cancel')}</Button>
      <Button type="primary" loading={busy} disabled={!file} onClick={() => void run()}>
        {t('activation.import.submit')}
      </Button>
    </>
  );

  return (
    <Modal
      open
      title={t('activation.import.title')}
      onCancel={onClose}
      footer={footer}
      width={phone ? '100%' : 720}
      destroyOnHidden
      mask={{ closable: false }}
      className="activation-import"
    >
      {problem ? <Alert type="error" showIcon className="activation-problem" title={problem} /> : null}
      {report ? (
        <ImportReport report={report} />
      ) : (
        <>
          <Upload.Dragger
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={choose}
            className="activation-import__drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {file ? t('activation.import.chosen', { name: file.name }) : t('activation.import.drop')}
            </p>
            <p className="ant-upload-hint">
              {t('activation.import.dropHint', { size: DEVICE_LIMITS.importMaxBytes / 1024 / 1024 })}
            </p>
          </Upload.Dragger>
          <p className="activation-import__columns">{t('activation.import.columns')}</p>
        </>
      )}
    </Modal>
  );
}

function ImportReport({ report }: { report: RegistryImportResult }) {
  const { t } = useTranslation();
  const count = report.problems.length;
  return (
    <>
      <Result
        status={count ? 'warning' : 'success'}
        className="activation-import__result"
        title={t('activation.import.added', { count: report.added })}
        subTitle={count ? t('activation.import.problems', { count }) : t('activation.import.noProblems')}
      />
      {count ? (
        <Table<Problem>
          size="small"
          rowKey={(row) => `${row.row}:${row.column ?? ''}:${row.message}`}
          dataSource={report.problems}
          pagination={count > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('activation.import.row'), width: 72 },
            {
              key: 'column',
              dataIndex: 'column',
              title: t('activation.import.column'),
              width: 140,
              render: (column: string | null) => column ?? '—',
            },
            { key: 'message', dataIndex: 'message', title: t('activation.import.message') },
          ]}
        />
      ) : null}
    </>
  );
}
