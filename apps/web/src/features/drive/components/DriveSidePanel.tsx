import { CloudOutlined, FolderFilled, FolderOpenFilled } from '@ant-design/icons';
import { FILE_TYPE } from '@kerf/contract';
import { Progress, Skeleton, Tree, type TreeDataNode } from 'antd';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '../../../api/drive-api';
import type { DragMove } from '../hooks/use-drag-move';
import { useFolderTree, useQuota } from '../hooks/use-drive-data';
import type { DriveLocation } from '../model/drive-location';
import { ancestorIds, folderById, ROOT_FOLDER } from '../model/folder-tree';
import { formatSize } from '../model/format';

interface SidePanelProps {
  location: DriveLocation;
  onOpen(folder: FolderNode): void;
  /** Entries dragged from the list drop on a folder of the tree to move there. */
  drag?: DragMove;
}

/** The folder tree: the open folder is selected and its ancestors are open. */
function FolderTreePanel({ location, onOpen, drag }: SidePanelProps) {
  const { t } = useTranslation();
  const tree = useFolderTree();
  const root = tree.data ?? ROOT_FOLDER;
  const current = location.fileType === FILE_TYPE.all ? location.filePath : null;
  const [expanded, setExpanded] = useState<string[]>(['0']);

  // opening a folder elsewhere (list, breadcrumb) unfolds the tree down to it
  useEffect(() => {
    if (current === null) return;
    const chain = ancestorIds(root, current);
    setExpanded((keys) => [...new Set([...keys, ...chain.slice(0, -1)])]);
  }, [root, current]);

  const treeData = useMemo(() => {
    const toNode = (node: FolderNode): TreeDataNode => ({
      key: node.id,
      title: node.id === '0' ? t('drive.root') : node.name,
      children: node.children.map(toNode),
      isLeaf: node.children.length === 0 && node.id !== '0',
    });
    return [toNode(root)];
  }, [root, t]);

  const selected = current === null ? [] : [ancestorIds(root, current).at(-1) ?? '0'];
  if (tree.isLoading) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  return (
    <Tree
      className="drive-tree"
      blockNode
      showIcon
      treeData={treeData}
      selectedKeys={selected}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys.map(String))}
      onSelect={(_keys, info) => {
        const folder = folderById(root, String(info.node.key));
        if (folder) onOpen(folder);
      }}
      icon={(node) => {
        const { expanded, isLeaf } = node as { expanded?: boolean; isLeaf?: boolean };
        return expanded && !isLeaf ? <FolderOpenFilled /> : <FolderFilled />;
      }}
      titleRender={(node) => {
        const key = String(node.key);
        const folder = folderById(root, key);
        const target = folder && drag?.target({ id: folder.id, path: folder.path }, 'tree');
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged entries; the tree node is the control
          <span
            className={`drive-tree__title${drag?.hoverClass(key, 'tree') ?? ''}`}
            {...target}
            onDrop={(event: DragEvent) => {
              target?.onDrop(event);
              // the folder just dropped on opens, so what moved into it shows
              if (event.defaultPrevented) setExpanded((keys) => [...new Set([...keys, key])]);
            }}
          >
            {String(node.title)}
          </span>
        );
      }}
    />
  );
}

/** Used and total storage (GET /engine/quota). */
function StorageBar() {
  const { t } = useTranslation();
  const quota = useQuota();
  const data = quota.data;
  const percent = data && data.quotaBytes > 0 ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100) : 0;
  return (
    <section className="drive-storage" aria-label={t('drive.storage.title')}>
      <div className="drive-storage__title">
        <CloudOutlined /> {t('drive.storage.title')}
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={percent >= 90 ? 'exception' : 'normal'}
        strokeColor={percent >= 90 ? undefined : 'var(--kerf-primary)'}
        aria-label={t('drive.storage.title')}
      />
      <div className="drive-storage__text">
        {data
          ? t('drive.storage.used', { used: formatSize(data.usedBytes), total: formatSize(data.quotaBytes) })
          : quota.isError
            ? '—'
            : t('drive.storage.unknown')}
      </div>
    </section>
  );
}

export function DriveSidePanel({ location, onOpen, drag }: SidePanelProps) {
  const { t } = useTranslation();
  return (
    <aside className="drive-side" aria-label={t('drive.tree.title')}>
      <div className="drive-side__heading">{t('drive.tree.title')}</div>
      <div className="drive-side__tree">
        <FolderTreePanel location={location} onOpen={onOpen} drag={drag} />
      </div>
      <StorageBar />
    </aside>
  );
}
