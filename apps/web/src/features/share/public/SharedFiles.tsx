import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { FILE_TYPE, messages } from '@kerf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FolderNode } from '../../../api/drive-api';
import {
  listSharedFiles,
  type SharedEntry,
  type ShareInfo,
  saveSharedFiles,
  sharedBatchDownloadUrl,
  sharedFileUrl,
} from '../../../api/share-api';
import { startDownload } from '../../../api/transfer-api';
import { type DriveSettings, driveSettingsStore, useDriveSettings } from '../../../stores/drive-settings-store';
import { useSession } from '../../../stores/session-store';
import { useSettings } from '../../../stores/settings-store';
import { ContextMenu } from '../../drive/components/ContextMenu';
import { DrivePager } from '../../drive/components/DrivePager';
import { entryMenuItems } from '../../drive/components/entry-menu-items';
import { FileTable } from '../../drive/components/FileTable';
import { DetailDialog } from '../../drive/dialogs/DetailDialog';
import { FolderPickerDialog } from '../../drive/dialogs/FolderPickerDialog';
import '../../drive/drive.css';
import { useRefreshDrive } from '../../drive/hooks/use-drive-data';
import { useDriveKeyboard } from '../../drive/hooks/use-drive-keyboard';
import { useEntryMenu } from '../../drive/hooks/use-entry-menu';
import { useSelection } from '../../drive/hooks/use-selection';
import { batchActions, type ContextAction, contextActions } from '../../drive/model/context-menu-rules';
import { fileKind, isPreviewable } from '../../drive/model/file-kinds';
import { opensInEditor } from '../../editors/open-in-editor';
import { TextFileEditor } from '../../editors/TextFileLauncher';
import { LazyFileViewer } from '../../viewers/LazyFileViewer';
import { shareAccess } from '../../viewers/model/file-access';
import { openPdfInTab } from '../../viewers/open-pdf';
import { shareMemory } from '../model/share-access';
import { isCodeProblem, isFinalProblem, type ShareProblem, shareProblemOf } from '../model/share-problem';
import { type ShareCrumb, SharedPathBar } from './SharedPathBar';
import { SharePageFrame, useSignInAndReturn } from './SharePageFrame';
import { SharerLine } from './SharerLine';

type Dialog =
  | { kind: 'preview'; entry: SharedEntry }
  | { kind: 'detail'; entry: SharedEntry }
  | { kind: 'text'; entry: SharedEntry }
  | { kind: 'save'; userFileIds: string[] };

/** The share page reads as route Share (SPEC §5, §6): view, download, save to my drive, details; nothing that changes files. */
const MENU_CONTEXT = { fileType: FILE_TYPE.all, onShare: true };
const COLUMNS: DriveSettings['columns'] = ['extendName', 'fileSize', 'uploadTime'];

/**
 * The files of a share, read-only (SPEC §2 route Share): browse into shared folders (the folder in
 * the address, the way back in the history entry), sort, page, select; preview images, video and
 * sound; download one file or a zip; save to my drive, which first signs the visitor in if need be.
 */
export function SharedFiles({
  info,
  extractionCode,
  onProblem,
}: {
  info: ShareInfo;
  extractionCode: string;
  /** The share or the code stopped working while the files were open. */
  onProblem(problem: ShareProblem, message: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const signIn = useSignInAndReturn();
  const signedIn = useSession((s) => s.user !== null);
  const refreshDrive = useRefreshDrive();
  const pageSize = useDriveSettings((s) => s.pageSize);
  const access = useMemo(
    () => ({ shareBatchNum: info.shareBatchNum, extractionCode }),
    [info.shareBatchNum, extractionCode],
  );
  const viewerAccess = useMemo(
    () => shareAccess(info.shareBatchNum, extractionCode),
    [info.shareBatchNum, extractionCode],
  );

  // the folder shown lives in the address; the names on the way to it in the history entry
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const folderId = params.get('dir') || '0';
  const trail: ShareCrumb[] =
    folderId === '0' ? [] : ((state as { trail?: ShareCrumb[] } | null)?.trail ?? [{ id: folderId, name: '…' }]);
  const goTo = useCallback(
    (next: ShareCrumb[]) => {
      const last = next.at(-1);
      setParams(last ? { dir: last.id } : {}, { state: { trail: next } });
    },
    [setParams],
  );

  const [sort, setSort] = useState<DriveSettings['sort']>({ field: 'name', order: 'asc' });
  const listKey = `${folderId}|${sort.field}|${sort.order}|${pageSize}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;

  const list = useQuery({
    queryKey: ['share', info.shareBatchNum, extractionCode, 'files', folderId, page, pageSize, sort],
    queryFn: () => listSharedFiles({ ...access, folderId, page, limit: pageSize, sort: sort.field, order: sort.order }),
    placeholderData: keepPreviousData,
  });
  const entries = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (!list.error) return;
    const problem = shareProblemOf(list.error);
    if (isFinalProblem(problem) || isCodeProblem(problem)) {
      const text = (list.error as { serverMessage?: string }).serverMessage ?? '';
      onProblem(problem, text);
    }
  }, [list.error, onProblem]);

  const selection = useSelection(entries, `${listKey}|${page}`);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { menu, closeMenu, onRowContextMenu, onMore } = useEntryMenu<SharedEntry>(selection);

  const download = (targets: readonly SharedEntry[]) => {
    const only = targets[0];
    if (!only) return;
    if (targets.length === 1 && !only.isDir) startDownload(sharedFileUrl(access, only.userFileId), only.fileName);
    else
      startDownload(
        sharedBatchDownloadUrl(
          access,
          targets.map((entry) => entry.userFileId),
        ),
      );
  };

  /** No ids: the whole share. A signed-out visitor signs in first and comes back to finish. */
  const save = (userFileIds: string[]) => {
    if (!signedIn) {
      shareMemory.rememberSave(info.shareBatchNum, userFileIds);
      void message.info(t('share.page.signInToSave'));
      signIn();
      return;
    }
    setDialog({ kind: 'save', userFileIds });
  };

  // back from signing in with a save begun before it
  useEffect(() => {
    if (!signedIn) return;
    const pending = shareMemory.takeSave(info.shareBatchNum);
    if (pending) setDialog({ kind: 'save', userFileIds: pending });
  }, [signedIn, info.shareBatchNum]);

  const open = (entry: SharedEntry) => {
    if (entry.isDir) goTo([...trail, { id: entry.userFileId, name: entry.fileName }]);
    // a PDF opens in a new tab from this very click or key; the other viewers over the list
    else if (isPreviewable(fileKind(entry))) {
      if (!openPdfInTab(viewerAccess, entry)) setDialog({ kind: 'preview', entry });
    } else if (opensInEditor(entry)) setDialog({ kind: 'text', entry });
    else download([entry]);
  };

  const run = (action: ContextAction, targets: SharedEntry[]) => {
    const first = targets[0];
    if (!first) return;
    if (action === 'view') open(first);
    else if (action === 'download') download(targets);
    else if (action === 'saveToDrive') save(targets.map((entry) => entry.userFileId));
    else if (action === 'detail') setDialog({ kind: 'detail', entry: first });
  };

  const goUp = () => {
    if (trail.length) goTo(trail.slice(0, -1));
  };

  useDriveKeyboard(!dialog && !menu, {
    onDelete: () => undefined,
    onRename: () => undefined,
    onSelectAll: () => selection.all(),
    onOpen: () => {
      if (selection.count === 1) open(selection.entries[0]!);
    },
    onUp: goUp,
    onClearSelection: selection.clear,
  });

  const selecting = selection.count > 0;
  // with nothing selected the buttons take everything here: the whole share at its top
  const targets = selecting ? selection.entries : entries;
  const atTop = folderId === '0';
  const saveTargets = () => save(selecting || !atTop ? targets.map((entry) => entry.userFileId) : []);

  const savedTo = (target: FolderNode, serverMessage: string) => {
    const path =
      target.id === '0'
        ? '/workbench?fileType=0'
        : `/workbench?${new URLSearchParams({ fileType: '0', filePath: target.path, folderId: target.id })}`;
    void message.success({
      content: (
        <span>
          {serverMessage}{' '}
          <a
            href={`/web${path}`}
            onClick={(event) => {
              event.preventDefault();
              void navigate(path);
            }}
          >
            {t('share.page.viewSaved')}
          </a>
        </span>
      ),
      duration: 4,
    });
  };

  const empty = list.isError ? (
    <Empty description={t('share.page.listFailed')}>
      <Button onClick={() => void list.refetch()}>{t('share.page.retry')}</Button>
    </Empty>
  ) : (
    <Empty description={t('share.page.emptyFolder')} />
  );

  const menuItems = menu
    ? entryMenuItems(
        menu.batch ? batchActions(selection.entries, MENU_CONTEXT) : contextActions(menu.entry, MENU_CONTEXT),
        { t, inBin: false, isDir: !menu.batch && menu.entry.isDir === 1, notYetText: messages.notImplemented[locale] },
      )
    : [];

  return (
    <SharePageFrame wide>
      <section className="share-panel" aria-labelledby="share-title">
        <header className="share-panel__head">
          <SharerLine info={info} headingId="share-title" />
          <div className="share-panel__actions">
            <Button icon={<DownloadOutlined />} disabled={!targets.length} onClick={() => download(targets)}>
              {t(selecting ? 'share.page.download' : 'share.page.downloadAll')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} disabled={!targets.length} onClick={saveTargets}>
              {t(selecting ? 'share.page.save' : 'share.page.saveAll')}
            </Button>
          </div>
        </header>
        <div className="share-panel__bar">
          <SharedPathBar trail={trail} onOpen={goTo} onUp={goUp} />
          {selecting ? (
            <Space size={4} className="share-panel__selection">
              <span className="drive-toolbar__count">{t('share.page.selected', { count: selection.count })}</span>
              <Button type="link" size="small" onClick={selection.clear}>
                {t('share.page.clearSelection')}
              </Button>
            </Space>
          ) : null}
        </div>
        <div className="share-panel__body">
          <FileTable
            entries={entries}
            loading={list.isFetching && (list.isPlaceholderData || !list.data)}
            fileType={FILE_TYPE.all}
            showLocation={false}
            selected={selection.ids}
            onSelect={selection.click}
            onSelectionChange={selection.set}
            onOpen={open}
            onContextMenu={onRowContextMenu}
            onMore={onMore}
            onOpenLocation={() => undefined}
            empty={empty}
            columns={COLUMNS}
            sort={sort}
            onSort={setSort}
          />
        </div>
        {total > pageSize || page > 1 ? (
          <footer className="share-panel__foot">
            <DrivePager
              page={page}
              pageSize={pageSize}
              total={total}
              onPage={(next) => setPaging({ key: listKey, page: next })}
              onPageSize={driveSettingsStore.setPageSize}
            />
          </footer>
        ) : null}
      </section>

      {menu ? (
        <ContextMenu
          at={{ x: menu.x, y: menu.y }}
          items={menuItems}
          label={menu.entry.fileName}
          onPick={(key) => run(key as ContextAction, menu.batch ? selection.entries : [menu.entry])}
          onClose={closeMenu}
        />
      ) : null}
      {dialog?.kind === 'preview' ? (
        <LazyFileViewer entry={dialog.entry} entries={entries} access={viewerAccess} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'detail' ? <DetailDialog entry={dialog.entry} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'text' ? (
        <TextFileEditor
          file={dialog.entry}
          editable={false}
          access={access}
          downloadUrl={sharedFileUrl(access, dialog.entry.userFileId)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'save' ? (
        <SaveDialog
          userFileIds={dialog.userFileIds}
          save={(folderId) => saveSharedFiles({ ...access, userFileIds: dialog.userFileIds, folderId })}
          onSaved={(target, text) => {
            setDialog(null);
            selection.clear();
            void refreshDrive();
            savedTo(target, text);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </SharePageFrame>
  );
}

/** The folder picker of the drive, choosing where in my drive the shared entries go. */
function SaveDialog({
  save,
  onSaved,
  onClose,
}: {
  userFileIds: string[];
  save(folderId: string): Promise<string>;
  onSaved(target: FolderNode, serverMessage: string): void;
  onClose(): void;
}) {
  const target = useRef<FolderNode | null>(null);
  return (
    <FolderPickerDialog
      purpose="save"
      entries={[]}
      startFolderId="0"
      onConfirm={async (folder) => {
        const text = await save(folder.id);
        target.current = folder;
        return text;
      }}
      onDone={(text) => {
        if (target.current) onSaved(target.current, text);
      }}
      onClose={onClose}
    />
  );
}
