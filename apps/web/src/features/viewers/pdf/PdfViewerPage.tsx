import { DownloadOutlined, FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { startDownload } from '../../../api/transfer-api';
import { normaliseCode, shareMemory } from '../../share/model/share-access';
import { downloadLink } from '../model/download-link';
import { type FileAccess, OWN_FILES, officePdfUrl, previewUrl, shareAccess } from '../model/file-access';
import { BarButton, DARK_THEME } from '../shell/ViewerOverlay';
import { PdfBar } from './PdfBar';
import { PdfDocument } from './PdfDocument';

/** The tab shows the document's name, like a browser's own PDF tab. */
function useTabTitle(name: string) {
  useEffect(() => {
    if (!name) return;
    // after the shell's own title effect, which runs later on the first render
    const timer = window.setTimeout(() => {
      document.title = name;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [name]);
}

function PdfTab({ access, back }: { access: FileAccess; back?: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userFileId = params.get('userFileId') ?? '';
  const [servedName, setServedName] = useState('');
  const name = params.get('name') || servedName;
  const office = params.get('source') === 'office';
  useTabTitle(name);

  if (!userFileId) {
    return (
      <div className="pdf-view">
        <PdfBar icon={<FilePdfOutlined />} title={name} label={t('viewers.pdf.toolbar')} actions={back} />
        <div className="pdf-view__scroller is-centered">
          <div className="viewer-notice" role="alert">
            <FilePdfOutlined className="viewer-notice__icon" aria-hidden />
            <div className="viewer-notice__title">{t('viewers.pdf.failed')}</div>
            <div className="viewer-notice__text">{t('viewers.pdf.missing')}</div>
          </div>
        </div>
      </div>
    );
  }
  const download = () => startDownload(downloadLink(access, userFileId), name || undefined);
  return (
    <PdfDocument
      source={
        office
          ? { url: officePdfUrl(access, userFileId), kind: 'office' }
          : { url: previewUrl(access, userFileId), kind: 'pdf' }
      }
      title={name}
      onName={setServedName}
      actions={
        <>
          {back}
          <BarButton label={t('viewers.common.download')} icon={<DownloadOutlined />} onClick={download} />
        </>
      }
      extra={
        <Button type="primary" icon={<DownloadOutlined />} onClick={download}>
          {t('viewers.common.download')}
        </Button>
      }
    />
  );
}

/** /pdf?userFileId=&name=[&source=office]: a PDF of my drive (SPEC §9 "pdf opens in a new tab"). */
export function PdfViewerPage() {
  return (
    <ConfigProvider theme={DARK_THEME}>
      <main className="pdf-page-root">
        <PdfTab access={OWN_FILES} />
      </main>
    </ConfigProvider>
  );
}

/** /share/{code}/pdf: the same for a shared file, read-only, with the way back to the share. */
export function SharedPdfPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const extractionCode = normaliseCode(params.get('pwd')) || shareMemory.recallCode(code) || '';
  return (
    <ConfigProvider theme={DARK_THEME}>
      <main className="pdf-page-root">
        <PdfTab
          access={shareAccess(code, extractionCode)}
          back={
            <BarButton
              label={t('viewers.pdf.backToShare')}
              icon={<RollbackOutlined />}
              onClick={() => void navigate(`/share/${encodeURIComponent(code)}`)}
            />
          }
        />
      </main>
    </ConfigProvider>
  );
}
