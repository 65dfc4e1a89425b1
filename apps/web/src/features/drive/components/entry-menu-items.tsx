import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  EyeOutlined,
  FileAddOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  FormOutlined,
  InfoCircleOutlined,
  LinkOutlined,
  ReloadOutlined,
  SaveOutlined,
  SendOutlined,
  ShareAltOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ContextAction } from '../model/context-menu-rules';
import { NOT_YET_AVAILABLE } from '../model/context-menu-rules';
import type { ContextMenuItem } from './ContextMenu';

const ICONS: Record<ContextAction, ReactNode> = {
  view: <EyeOutlined />,
  download: <DownloadOutlined />,
  saveToDrive: <SaveOutlined />,
  share: <ShareAltOutlined />,
  restore: <UndoOutlined />,
  copy: <CopyOutlined />,
  move: <DragOutlined />,
  rename: <EditOutlined />,
  unzip: <FileZipOutlined />,
  sendToMachine: <SendOutlined />,
  onlineEdit: <FormOutlined />,
  copyLink: <LinkOutlined />,
  delete: <DeleteOutlined />,
  detail: <InfoCircleOutlined />,
};

/** The menu rows for a list of actions: labels, icons, dividers, and not-yet-available ones disabled. */
export function entryMenuItems(
  actions: readonly ContextAction[],
  options: { t: TFunction; inBin: boolean; isDir: boolean; notYetText: string },
): ContextMenuItem[] {
  const { t, inBin, isDir, notYetText } = options;
  return actions.map((action, i) => {
    const label =
      action === 'view'
        ? t(isDir ? 'drive.actions.open' : 'drive.actions.view')
        : action === 'delete' && inBin
          ? t('drive.actions.deleteForever')
          : t(`drive.actions.${action}`);
    const disabled = NOT_YET_AVAILABLE.has(action);
    return {
      key: action,
      label,
      icon: action === 'view' && isDir ? <FolderOpenOutlined /> : ICONS[action],
      danger: action === 'delete',
      disabled,
      title: disabled ? notYetText : undefined,
      dividerBefore: i > 0 && (action === 'delete' || action === 'detail'),
    };
  });
}

/** The menu of the list's empty area: what the toolbar offers for the open folder. */
export function backgroundMenuItems(t: TFunction, canAddHere: boolean): ContextMenuItem[] {
  return [
    ...(canAddHere
      ? [
          { key: 'newFolder', label: t('drive.toolbar.newFolder'), icon: <FolderAddOutlined /> },
          { key: 'newFile', label: t('editors.newFile.menu'), icon: <FileTextOutlined /> },
          { key: 'uploadFiles', label: t('drive.toolbar.uploadFiles'), icon: <FileAddOutlined /> },
          { key: 'uploadFolder', label: t('drive.toolbar.uploadFolder'), icon: <FolderOutlined /> },
        ]
      : []),
    { key: 'refresh', label: t('drive.toolbar.refresh'), icon: <ReloadOutlined />, dividerBefore: canAddHere },
  ];
}
