import { FilePdfOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { API_PREFIX, type OnlyOfficeConfig } from '@kerf/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchFolderTree } from '../../../api/drive-api';
import { messageOf, RequestError } from '../../../api/request';
import { folderByPath } from '../../drive/model/folder-tree';
import { OWN_FILES, pdfPageUrl } from '../model/file-access';
import { type OnlyOfficeRequest, parseOnlyOfficeQuery } from '../model/onlyoffice-query';
import { addOnlyOfficeDocument, fetchOnlyOfficeConfig } from '../viewer-api';
import './onlyoffice.css';
import { loadScript } from './load-script';

interface DocEditor {
  destroyEditor?(): void;
}
declare global {
  interface Window {
    DocsAPI?: { DocEditor: new (placeholderId: string, config: Record<string, unknown>) => DocEditor };
  }
}

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; answer: OnlyOfficeConfig }
  /** 501: no document server is configured; the message is the server's. */
  | { kind: 'off'; message: string }
  | { kind: 'failed'; message: string };

const EDITOR_ID = 'onlyoffice-editor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function configFor(request: Exclude<OnlyOfficeRequest, { kind: 'invalid' }>, folderMissing: string) {
  if (request.kind === 'open') return fetchOnlyOfficeConfig(request.userFileId, request.ot);
  const folderId =
    request.folderId ?? (request.filePath === '/' ? '0' : folderByPath(await fetchFolderTree(), request.filePath)?.id);
  if (!folderId) throw new Error(folderMissing);
  return addOnlyOfficeDocument({ folderId, fileName: request.fileName, extendName: request.extendName });
}

/**
 * SPEC §2 route Onlyoffice: an office file of mine in an OnlyOffice Document Server, to view or edit
 * (or a new one, ot=add). Without a document server the page says so and offers the PDF preview.
 */
export function OnlyOfficePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => parseOnlyOfficeQuery(params), [params]);
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const requestKey = JSON.stringify(request);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the request's content is the trigger
  useEffect(() => {
    if (request.kind === 'invalid') {
      setState({ kind: 'failed', message: t('viewers.onlyoffice.invalid') });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    configFor(request, t('viewers.onlyoffice.folderMissing'))
      .then((answer) => {
        if (!live) return;
        setState({ kind: 'ready', answer });
        // a new document is now a file: a reload opens it instead of making another
        const key = String((answer.config.document as { key?: unknown } | undefined)?.key ?? '');
        const id = UUID.exec(key)?.[0];
        if (request.kind === 'add' && id) setParams({ userFileId: id, ot: 'edit' }, { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = messageOf(error, t('viewers.onlyoffice.scriptFailed'));
        setState(
          error instanceof RequestError && error.code === 501 ? { kind: 'off', message } : { kind: 'failed', message },
        );
      });
    return () => {
      live = false;
    };
  }, [requestKey]);

  const ready = state.kind === 'ready' ? state.answer : null;
  useEffect(() => {
    if (!ready) return;
    let editor: DocEditor | undefined;
    let live = true;
    const base = ready.documentServerUrl.replace(/\/+$/, '');
    loadScript(`${base}/web-apps/apps/api/documents/api.js`)
      .then(() => {
        if (!live || !window.DocsAPI) return;
        editor = new window.DocsAPI.DocEditor(EDITOR_ID, ready.config);
      })
      .catch(() => {
        if (live) setState({ kind: 'failed', message: t('viewers.onlyoffice.scriptFailed') });
      });
    return () => {
      live = false;
      editor?.destroyEditor?.();
    };
  }, [ready, t]);

  const userFileId = request.kind === 'open' ? request.userFileId : null;
  const backToDrive = (
    <Button key="drive" icon={<FolderOpenOutlined />} onClick={() => void navigate('/workbench?fileType=0')}>
      {t('viewers.onlyoffice.backToDrive')}
    </Button>
  );

  if (state.kind === 'loading') {
    return (
      <main className="onlyoffice-page is-centered">
        <Spin size="large" />
        <p>{t(request.kind === 'add' ? 'viewers.onlyoffice.creating' : 'viewers.onlyoffice.opening')}</p>
      </main>
    );
  }
  if (state.kind === 'off' || state.kind === 'failed') {
    return (
      <main className="onlyoffice-page is-centered">
        <Result
          status={state.kind === 'off' ? 'info' : 'warning'}
          title={state.kind === 'off' ? t('viewers.onlyoffice.offTitle') : state.message}
          subTitle={
            state.kind === 'off' ? (
              <>
                {state.message}
                <br />
                {t('viewers.onlyoffice.adminHint')}
              </>
            ) : undefined
          }
          extra={[
            userFileId ? (
              <Button
                key="pdf"
                type="primary"
                icon={<FilePdfOutlined />}
                onClick={() =>
                  void navigate(
                    pdfPageUrl(OWN_FILES, { userFileId, fileName: params.get('fileName') ?? '' }, 'office').slice(
                      API_PREFIX.web.length - 1,
                    ),
                  )
                }
              >
                {t('viewers.onlyoffice.previewPdf')}
              </Button>
            ) : null,
            backToDrive,
          ]}
        />
      </main>
    );
  }
  return (
    <main className="onlyoffice-page">
      <div id={EDITOR_ID} />
    </main>
  );
}
