import { FolderAddOutlined, FolderFilled, FolderOpenFilled } from '@ant-design/icons';
import { driveMessages } from '@kerf/contract';
import { Alert, App, Button, Modal, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFolder, type DriveEntry, type FolderNode } from '../../../api/drive-api';
import { isShownByClient, messageOf } from '../../../api/request';
import type { TranslationKey } from '../../../i18n/i18n';
import { useSettings } from '../../../stores/settings-store';
import { useFolderTree } from '../hooks/use-drive-data';
import { ancestorIds, folderById, ROOT_FOLDER } from '../model/folder-tree';
import { checkMove } from '../model/move-rules';
import { NameDialog } from './NameDialog';

export type PickerPurpose = 'move' | 'copy' | 'save' | 'unzip';

const PICKER_TEXT: Record<PickerPurpose, { title: TranslationKey; confirm: TranslationKey }> = {
  move: { title: 'drive.dialog.moveTitle', confirm: 'drive.dialog.moveHere' },
  copy: { title: 'drive.dialog.copyTitle', confirm: 'drive.dialog.copyHere' },
  save: { title: 'share.page.saveTitle', confirm: 'share.page.saveHere' },
  unzip: { title: 'editors.unzip.pickTitle', confirm: 'editors.unzip.pickHere' },
};

/**
 * Choose a target folder (SPEC §2 "choose target path": a folder tree with a new-folder button per
 * node), then move or copy the entries there, or save a share's entries there. A move into the
 * folder the entries are already in is done without a call; a folder into itself or below it is
 * 非法路径. Saved entries come from someone else's share, so neither rule applies to them.
 */
export function FolderPickerDialog({
  purpose,
  entries,
  startFolderId,
  onConfirm,
  onDone,
  onClose,
}: {
  purpose: PickerPurpose;
  entries: DriveEntry[];
  startFolderId: string;
  /** Does the move or copy; resolves with the server's message. */
  onConfirm(target: FolderNode): Promise<string>;
  onDone(serverMessage: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const tree = useFolderTree();
  const root = tree.data ?? ROOT_FOLDER;
  const [targetId, setTargetId] = useState(startFolderId);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [creatingIn, setCreatingIn] = useState<FolderNode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = folderById(root, targetId) ?? root;
  const expandedKeys = expanded ?? ancestorIds(root, target.path);

  const treeData = useMemo(() => {
    const toNode = (node: FolderNode): TreeDataNode => ({
      key: node.id,
      title: node.id === '0' ? t('drive.dialog.treeRoot') : node.name,
      children: node.children.map(toNode),
      isLeaf: node.id !== '0' && node.children.length === 0,
    });
    return [toNode(root)];
  }, [root, t]);

  const confirm = async () => {
    const check =
      purpose === 'save' || purpose === 'unzip'
        ? 'ok'
        : checkMove(entries, { id: target.id, path: target.path }, purpose);
    if (check === 'illegal') {
      setProblem(driveMessages.illegalPath[locale]);
      void message.error(driveMessages.illegalPath[locale]);
      return;
    }
    if (check === 'noop') {
      onDone(driveMessages.moved[locale]);
      return;
    }
    setBusy(true);
    try {
      onDone(await onConfirm(target));
    } catch (error) {
      // SPEC §8: a failed move shows the server's msg
      const text = messageOf(error);
      setProblem(text);
      if (!isShownByClient(error)) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(PICKER_TEXT[purpose].title)}
      width={520}
      onCancel={onClose}
      destroyOnHidden
      className="drive-picker"
      footer={
        <div className="drive-picker__footer">
          <span className="drive-picker__target" title={target.path}>
            {t('drive.dialog.targetLabel', { path: target.path })}
          </span>
          <Button onClick={onClose}>{t('drive.dialog.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()}>
            {t(PICKER_TEXT[purpose].confirm)}
          </Button>
        </div>
      }
    >
      {problem ? <Alert type="error" showIcon title={problem} className="drive-picker__problem" /> : null}
      <div className="drive-picker__tree">
        {tree.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            showIcon
            treeData={treeData}
            selectedKeys={[target.id]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onSelect={(keys) => {
              if (keys[0] !== undefined) {
                setTargetId(String(keys[0]));
                setProblem(null);
              }
            }}
            icon={(node) => {
              const { expanded, isLeaf } = node as { expanded?: boolean; isLeaf?: boolean };
              return expanded && !isLeaf ? <FolderOpenFilled /> : <FolderFilled />;
            }}
            titleRender={(node) => {
              const folder = folderById(root, String(node.key));
              return (
                <span className="drive-picker__node">
                  <span className="drive-picker__name">{String(node.title)}</span>
                  <Tooltip title={t('drive.dialog.newFolderIn', { name: String(node.title) })}>
                    <Button
                      type="text"
                      size="small"
                      className="drive-picker__add"
                      icon={<FolderAddOutlined />}
                      aria-label={t('drive.dialog.newFolderIn', { name: String(node.title) })}
                      onClick={(event) => {
                        event.stopPropagation();
                        if (folder) setCreatingIn(folder);
                      }}
                    />
                  </Tooltip>
                </span>
              );
            }}
          />
        )}
      </div>
      {creatingIn ? (
        <NameDialog
          mode={{ kind: 'newFolder', parentId: creatingIn.id, parentPath: creatingIn.path }}
          onSubmit={async (name) => {
            const created = await createFolder(creatingIn.id, name, creatingIn.path);
            await tree.refetch();
            setExpanded([...expandedKeys, creatingIn.id]);
            setTargetId(created.entry.userFileId);
            return created.msg;
          }}
          onDone={(_name, serverMessage) => {
            setCreatingIn(null);
            void message.success(serverMessage);
          }}
          onClose={() => setCreatingIn(null)}
        />
      ) : null}
    </Modal>
  );
}
