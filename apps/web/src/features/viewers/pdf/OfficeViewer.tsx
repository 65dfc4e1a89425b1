import {
  CloseOutlined,
  DownloadOutlined,
  ExportOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { startDownload } from '../../../api/transfer-api';
import { downloadLink } from '../model/download-link';
import { type FileAccess, officePdfUrl, pdfPageUrl, previewUrl } from '../model/file-access';
import type { ViewerFile } from '../model/viewer-file';
import { useViewerKeys } from '../shell/use-viewer-keys';
import { BarButton, ViewerOverlay } from '../shell/ViewerOverlay';
import { PdfDocument } from './PdfDocument';

/** The document's own kind at the start of the bar. */
function iconOf(extendName: string) {
  const ext = extendName.toLowerCase();
  if (ext.startsWith('doc')) return <FileWordOutlined />;
  if (ext.startsWith('xls')) return <FileExcelOutlined />;
  if (ext.startsWith('ppt')) return <FilePptOutlined />;
  return <FilePdfOutlined />;
}

/**
 * An office document (or a PDF) in an overlay: the server converts office files to PDF (SPEC §9
 * office types) and the app's pdf.js viewer shows them; a new tab gives the same viewer full size.
 */
export function OfficeViewer({ file, access, onClose }: { file: ViewerFile; access: FileAccess; onClose(): void }) {
  const { t } = useTranslation();
  useViewerKeys((key) => {
    if (key !== 'Escape') return false;
    onClose();
    return true;
  });
  const office = file.extendName.toLowerCase() !== 'pdf';
  const source = office
    ? { url: officePdfUrl(access, file.userFileId), kind: 'office' as const }
    : { url: previewUrl(access, file.userFileId), kind: 'pdf' as const };
  const download = () => startDownload(downloadLink(access, file.userFileId), file.fileName);
  return (
    <ViewerOverlay
      label={t('drive.preview.title', { name: file.fileName })}
      onClose={onClose}
      bar={false}
      className="viewer-pdf"
    >
      <PdfDocument
        source={source}
        title={file.fileName}
        icon={iconOf(file.extendName)}
        actions={
          <>
            <BarButton
              label={t('viewers.pdf.openInTab')}
              icon={<ExportOutlined />}
              onClick={() => window.open(pdfPageUrl(access, file, office ? 'office' : 'pdf'), '_blank', 'noopener')}
            />
            <BarButton label={t('viewers.common.download')} icon={<DownloadOutlined />} onClick={download} />
            <BarButton label={t('viewers.common.close')} icon={<CloseOutlined />} onClick={onClose} />
          </>
        }
        extra={
          <Button type="primary" icon={<DownloadOutlined />} onClick={download}>
            {t('viewers.common.download')}
          </Button>
        }
      />
    </ViewerOverlay>
  );
}
