import { CloudUploadOutlined } from '@ant-design/icons';
import { DEVICE_PERMISSIONS, FILE_TYPE, messages } from '@kerf/contract';
import { App, Input } from 'antd';
import { type DragEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DriveEntry } from '../../api/drive-api';
import { useCan } from '../../app/access/use-can';
import { useNarrowViewport } from '../../app/layout/use-narrow-viewport';
import { driveSettingsStore, FILE_MODE, useDriveSettings } from '../../stores/drive-settings-store';
import { useSession } from '../../stores/session-store';
import { useSettings } from '../../stores/settings-store';
import { designPathFor } from '../design/design-path';
import { onlyofficeEditPath, opensInEditor } from '../editors/open-in-editor';
import { MySharesPage } from '../share/mine/MySharesPage';
import { OWN_FILES } from '../viewers/model/file-access';
import { openPdfInTab } from '../viewers/open-pdf';
import { ContextMenu, type ContextMenuItem } from './components/ContextMenu';
import { DriveEmpty, DriveLoading } from './components/DriveEmpty';
import { DrivePathBar } from './components/DrivePathBar';
import { DriveSidePanel } from './components/DriveSidePanel';
import { DriveToolbar } from './components/DriveToolbar';
import { backgroundMenuItems, entryMenuItems } from './components/entry-menu-items';
import { FileGrid } from './components/FileGrid';
import { FileTable } from './components/FileTable';
import { type DriveDialog, DriveDialogs } from './DriveDialogs';
import './drive.css';
import { ClashDialog } from './clash/ClashDialog';
import { DrivePager } from './components/DrivePager';
import { useDragMove } from './hooks/use-drag-move';
import { useDriveActions } from './hooks/use-drive-actions';
import {
  useCurrentFolderId,
  useDriveList,
  useFolderTree,
  useRefreshDrive,
  useReportTreeFailure,
} from './hooks/use-drive-data';
import { useDriveKeyboard } from './hooks/use-drive-keyboard';
import { useDriveLocation } from './hooks/use-drive-location';
import { useEntryMenu } from './hooks/use-entry-menu';
import { useSelection } from './hooks/use-selection';
import { batchActions, type ContextAction, contextActions } from './model/context-menu-rules';
import { fileKind, isPreviewable } from './model/file-kinds';
import { folderByPath } from './model/folder-tree';
import { useRefreshOnUploads } from './upload/drive-uploads';
import { UploadPanel } from './upload/UploadPanel';
import { useUploadPicker } from './upload/use-upload-picker';

/** What the path bar says about one of my shares, from its entries (they carry the share's fields). */
function shareBatchFacts(entries: readonly DriveEntry[], total: number) {
  const first = entries[0];
  return first
    ? {
        name: first.fileName,
        more: Math.max(0, total - 1),
        endTime: first.endTime,
        extractionCode: first.extractionCode,
      }
    : null;
}

/**
 * The drive at /workbench (SPEC §2). My shares (fileType 8 without a share batch) are share links
 * rather than entries, so they have a list of their own; everything else is a list of entries.
 */
export function DrivePage() {
  const { location } = useDriveLocation();
  return location.fileType === FILE_TYPE.myShares && !location.shareBatchNum ? <MySharesPage /> : <DriveEntriesPage />;
}

/**
 * Folders and files of the signed-in person, a category, the recycle bin, the entries of one of my
 * shares, or search results, in a list or a grid, with the context menu, dialogs, keyboard and
 * uploads. State that outlives the page (settings, uploads) lives in stores; this wires them up.
 */
function DriveEntriesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const narrow = useNarrowViewport();
  const { location, openFolder, openPath, goUp } = useDriveLocation();
  const settings = useDriveSettings((s) => s);
  const tree = useFolderTree();
  useReportTreeFailure(tree.error);
  const folderId = useCurrentFolderId(location, tree.data);
  const refresh = useRefreshDrive();

  // search: the words typed, and the words searched for
  const [searchText, setSearchText] = useState('');
  const [keyword, setKeyword] = useState('');
  const locationKey = `${location.fileType}|${location.filePath}|${location.folderId ?? ''}|${location.shareBatchNum ?? ''}`;
  useEffect(() => {
    // a new place (sidebar, tree, breadcrumb, back button) ends the search
    if (locationKey) {
      setKeyword('');
      setSearchText('');
    }
  }, [locationKey]);

  const listKey = `${locationKey}|${keyword}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const list = useDriveList({ location, page, settings, keyword });
  // The last page kept on screen while the next loads belongs to this place (another page of it) or
  // to the place just left: the latter is not shown, so a folder loads as loading, not as the old one.
  const settledKey = useRef(listKey);
  if (list.data && !list.isPlaceholderData) settledKey.current = listKey;
  const fromElsewhere = list.isPlaceholderData && settledKey.current !== listKey;
  const entries = useMemo(() => (fromElsewhere ? [] : (list.data?.list ?? [])), [list.data, fromElsewhere]);
  const total = fromElsewhere ? 0 : (list.data?.total ?? 0);

  // after deleting the last entries of the last page, show the page before
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && total > 0 && page > 1) {
      setPaging({ key: listKey, page: Math.max(1, Math.ceil(total / settings.pageSize)) });
    }
  }, [list.data, total, page, listKey, settings.pageSize]);

  useRefreshOnUploads(refresh);

  const selection = useSelection(entries, `${listKey}|${page}`);
  const [dialog, setDialog] = useState<DriveDialog | null>(null);
  const { menu, setMenu, closeMenu, onRowContextMenu, onMore } = useEntryMenu<DriveEntry | null>(selection);

  const searching = keyword !== '';
  // search results are live entries wherever the search started, the bin included
  const inBin = location.fileType === FILE_TYPE.recycle && !searching;
  const onlineOffice = useSession((s) => s.features.onlineOffice);
  const canSendToMachine = useCan().permission(DEVICE_PERMISSIONS.control);
  const menuContext = { fileType: searching ? FILE_TYPE.all : location.fileType, onlineOffice, canSendToMachine };
  const canAddHere = location.fileType === FILE_TYPE.all && !searching && folderId !== undefined;
  const currentFolder = { id: folderId ?? '0', path: location.filePath };
  const actions = useDriveActions({ refresh, clearSelection: selection.clear });
  const drag = useDragMove({
    enabled: batchActions(entries, menuContext).includes('move'),
    selected: selection.entries,
    onMoved: () => {
      selection.clear();
      void refresh();
    },
  });
  const upload = useUploadPicker({ enabled: canAddHere, folderId: currentFolder.id, targetPath: currentFolder.path });

  const leaveSearch = () => {
    setKeyword('');
    setSearchText('');
  };

  const open = (entry: DriveEntry) => {
    if (inBin) {
      setDialog({ kind: 'detail', entry });
    } else if (entry.isDir) {
      leaveSearch();
      openFolder(entry);
    } else if (fileKind(entry) === 'object') {
      // an object opens its form: drawings, effect images, price
      setDialog({ kind: 'object', target: { objectId: entry.userFileId } });
    } else if (entry.extendName.toLowerCase() === 'kerf') {
      // a Kerf drawing opens in the design editor
      void navigate(designPathFor(entry));
    } else if (isPreviewable(fileKind(entry))) {
      // a PDF opens in a new tab from this very click or key; the other viewers over the list
      if (!openPdfInTab(OWN_FILES, entry)) setDialog({ kind: 'preview', entry, entries });
    } else if (fileKind(entry) === 'archive' && contextActions(entry, menuContext).includes('unzip')) {
      // an archive opens the unzip dialog (as in Cloudreve), never a silent download
      setDialog({ kind: 'unzip', entry });
    } else if (opensInEditor(entry)) {
      setDialog({ kind: 'text', entry, editable: false });
    } else {
      actions.download([entry]);
    }
  };

  const startFolderFor = (targets: DriveEntry[]) =>
    location.fileType === FILE_TYPE.all && !searching ? currentFolder.id : (targets[0]?.folderId ?? '0');

  const run = (action: ContextAction, targets: DriveEntry[]) => {
    const first = targets[0];
    if (!first) return;
    switch (action) {
      case 'view':
        open(first);
        break;
      case 'download':
        actions.download(targets);
        break;
      case 'restore':
        setDialog({ kind: 'restore', entries: targets });
        break;
      case 'copy':
      case 'move':
        setDialog({ kind: action, entries: targets, startFolderId: startFolderFor(targets) });
        break;
      case 'rename':
        setDialog({ kind: 'rename', entry: first });
        break;
      case 'copyLink':
        void actions.copyLink(first);
        break;
      case 'share':
        setDialog({ kind: 'share', entries: targets });
        break;
      case 'delete':
        actions.remove(targets, inBin);
        break;
      case 'detail':
        setDialog({ kind: 'detail', entry: first });
        break;
      case 'onlineEdit':
        if (opensInEditor(first)) setDialog({ kind: 'text', entry: first, editable: true });
        else void navigate(onlyofficeEditPath(first.userFileId));
        break;
      case 'unzip':
        setDialog({ kind: 'unzip', entry: first });
        break;
      case 'sendToMachine':
        setDialog({ kind: 'sendToMachine', entry: first });
        break;
      default:
        void message.info(messages.notImplemented[locale]);
    }
  };

  const onBackgroundContextMenu = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('.drive-row, .drive-tile, .ant-pagination')) return;
    event.preventDefault();
    selection.clear();
    setMenu({ x: event.clientX, y: event.clientY, entry: null, batch: false });
  };

  const notYetText = messages.notImplemented[locale];
  const menuItems: ContextMenuItem[] = !menu
    ? []
    : menu.entry === null
      ? backgroundMenuItems(t, canAddHere)
      : entryMenuItems(
          menu.batch ? batchActions(selection.entries, menuContext) : contextActions(menu.entry, menuContext),
          { t, inBin, isDir: !menu.batch && menu.entry.isDir === 1, notYetText },
        );

  const pickMenu = (key: string) => {
    if (!menu) return;
    if (menu.entry === null) {
      if (key === 'newFolder')
        setDialog({ kind: 'newFolder', parentId: currentFolder.id, parentPath: currentFolder.path });
      if (key === 'newFile') setDialog({ kind: 'newFile', folderId: currentFolder.id, folderPath: currentFolder.path });
      if (key === 'uploadFiles') upload.chooseFiles();
      if (key === 'uploadFolder') upload.chooseFolder();
      if (key === 'refresh') void refresh();
      return;
    }
    run(key as ContextAction, menu.batch ? selection.entries : [menu.entry]);
  };

  const allowed = (action: ContextAction, targets: DriveEntry[]) =>
    targets.length > 0 &&
    (targets.length === 1
      ? contextActions(targets[0]!, menuContext).includes(action)
      : batchActions(targets, menuContext).includes(action));

  useDriveKeyboard(!dialog && !menu, {
    onDelete: () => {
      if (allowed('delete', selection.entries)) run('delete', selection.entries);
    },
    onRename: () => {
      if (selection.count === 1 && allowed('rename', selection.entries)) run('rename', selection.entries);
    },
    onSelectAll: () => selection.all(),
    onOpen: () => {
      if (selection.count === 1) open(selection.entries[0]!);
    },
    onUp: () => {
      if (searching) leaveSearch();
      else goUp();
    },
    onClearSelection: selection.clear,
  });

  const listLoading = list.isFetching && (list.isPlaceholderData || !list.data);
  const viewProps = {
    entries,
    loading: listLoading,
    fileType: menuContext.fileType,
    showLocation: searching || location.fileType !== FILE_TYPE.all,
    selected: selection.ids,
    onSelect: selection.click,
    onSelectionChange: selection.set,
    onOpen: open,
    onContextMenu: onRowContextMenu,
    onMore,
    onOpenLocation: (entry: DriveEntry) => {
      leaveSearch();
      openPath(entry.filePath, entry.folderId);
    },
    // "empty" only once the server said so; before its first page a folder is loading
    empty:
      listLoading || (!list.data && !list.isError) ? (
        <DriveLoading />
      ) : (
        <DriveEmpty fileType={location.fileType} keyword={keyword} failed={list.isError} />
      ),
    drag,
  };

  return (
    <div className={narrow ? 'drive is-narrow' : 'drive'}>
      {narrow ? null : (
        <DriveSidePanel
          location={location}
          drag={drag}
          onOpen={(folder) => {
            leaveSearch();
            openPath(folder.path, folder.id);
          }}
        />
      )}
      <section
        className={upload.dragging ? 'drive-main is-dropping' : 'drive-main'}
        aria-label={t('drive.title')}
        onDragEnter={upload.onDragEnter}
        onDragOver={upload.onDragOver}
        onDragLeave={upload.onDragLeave}
        onDrop={(event: DragEvent) => upload.onDrop(event)}
      >
        <header className="drive-head">
          <DrivePathBar
            location={location}
            shareBatch={location.shareBatchNum ? shareBatchFacts(entries, total) : undefined}
            onLeaveShareBatch={goUp}
            search={searching ? { keyword, total: list.isPlaceholderData || !list.data ? null : total } : null}
            onOpenPath={(path) => openPath(path, folderByPath(tree.data, path)?.id)}
            onUp={goUp}
            onLeaveSearch={leaveSearch}
          />
          <Input.Search
            className="drive-search"
            placeholder={t('drive.toolbar.search')}
            aria-label={t('drive.toolbar.search')}
            allowClear
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              if (!event.target.value) setKeyword('');
            }}
            onSearch={(value) => setKeyword(value.trim())}
          />
        </header>
        <DriveToolbar
          settings={settings}
          inBin={inBin}
          canAddHere={canAddHere}
          onlineOffice={onlineOffice}
          canSort={!searching}
          showDeleteTime={inBin}
          selectedCount={selection.count}
          batch={batchActions(selection.entries, menuContext)}
          onUploadFiles={upload.chooseFiles}
          onUploadFolder={upload.chooseFolder}
          onNewFolder={() =>
            setDialog({ kind: 'newFolder', parentId: currentFolder.id, parentPath: currentFolder.path })
          }
          onNewObject={() =>
            setDialog({ kind: 'object', target: { folderId: currentFolder.id, folderPath: currentFolder.path } })
          }
          onNewFile={(fileType) =>
            setDialog({ kind: 'newFile', folderId: currentFolder.id, folderPath: currentFolder.path, fileType })
          }
          onEmptyBin={() => void actions.emptyBin()}
          onBatch={(action) => run(action, selection.entries)}
          onClearSelection={selection.clear}
          onRefresh={() => void refresh()}
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the empty area's right-click menu mirrors the toolbar */}
        <div className="drive-body" onContextMenu={onBackgroundContextMenu}>
          {settings.fileMode === FILE_MODE.grid ? (
            <FileGrid {...viewProps} gridSize={settings.gridSize} />
          ) : (
            <FileTable
              {...viewProps}
              columns={settings.columns}
              sort={settings.sort}
              onSort={searching ? undefined : driveSettingsStore.setSort}
            />
          )}
        </div>
        {total > 0 ? (
          <footer className="drive-footer">
            <DrivePager
              page={page}
              pageSize={settings.pageSize}
              total={total}
              onPage={(next) => setPaging({ key: listKey, page: next })}
              onPageSize={(size) => {
                driveSettingsStore.setPageSize(size);
                setPaging({ key: listKey, page: 1 });
              }}
            />
          </footer>
        ) : null}
        {upload.dragging ? (
          <div className="drive-drop" aria-hidden>
            <CloudUploadOutlined className="drive-drop__icon" />
            <div className="drive-drop__title">{t('drive.drop.title')}</div>
            <div className="drive-drop__target">
              {t('drive.drop.target', { path: location.filePath === '/' ? t('drive.root') : location.filePath })}
            </div>
          </div>
        ) : null}
        {upload.inputs}
      </section>

      {menu ? (
        <ContextMenu
          at={{ x: menu.x, y: menu.y }}
          items={menuItems}
          label={menu.entry?.fileName ?? t('drive.title')}
          onPick={pickMenu}
          onClose={closeMenu}
        />
      ) : null}
      <DriveDialogs
        dialog={dialog}
        onSelect={selection.only}
        onClose={() => setDialog(null)}
        onChanged={() => {
          selection.clear();
          void refresh();
        }}
      />
      <UploadPanel resolveFolderId={(path) => folderByPath(tree.data, path)?.id} />
      <ClashDialog />
    </div>
  );
}
