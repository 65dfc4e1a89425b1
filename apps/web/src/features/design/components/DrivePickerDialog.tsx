import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Empty, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DriveEntry, listFiles } from '../../../api/drive-api';
import { useDriveKey } from '../../drive/hooks/use-drive-data';
import { importKindOf } from '../model/import/import-drawing';

/** A folder on the way down, for the breadcrumb. */
interface Crumb {
  folderId: string;
  name: string;
  path: string;
}

/**
 * Picks a drawing from the drive: the person's folders, opened one at a time, and the files in them Kerf
 * can import (SVG, DXF, DWG, BMP, PNG, JPEG, GIF, WebP, .kerf). A click on a file imports it.
 */
export function DrivePickerDialog({ onPick, onClose }: { onPick(entry: DriveEntry): void; onClose(): void }) {
  const { t } = useTranslation();
  const key = useDriveKey();
  const [trail, setTrail] = useState<Crumb[]>([{ folderId: '0', name: t('design.save.root'), path: '/' }]);
  const here = trail.at(-1)!;
  const listing = useQuery({
    queryKey: [...key, 'design-picker', here.folderId],
    queryFn: () =>
      listFiles({ fileType: 0, folderId: here.folderId, filePath: here.path, limit: 200, sort: 'name', order: 'asc' }),
  });
  const entries = (listing.data?.list ?? []).filter((e) => e.isDir || importKindOf(e.fileName) !== null);
  return (
    <Modal open title={t('design.import.fromDrive')} footer={null} onCancel={onClose} width={520} destroyOnHidden>
      <Breadcrumb
        items={trail.map((crumb, i) => ({
          title: (
            <button type="button" className="design-picker__crumb" onClick={() => setTrail(trail.slice(0, i + 1))}>
              {crumb.name}
            </button>
          ),
        }))}
      />
      <List
        className="design-picker__list"
        loading={listing.isLoading}
        dataSource={entries}
        locale={{ emptyText: <Empty description={t('design.import.noDrawings')} /> }}
        renderItem={(entry) => (
          <List.Item>
            <button
              type="button"
              className="design-picker__entry"
              onClick={() =>
                entry.isDir
                  ? setTrail([...trail, { folderId: entry.userFileId, name: entry.fileName, path: entry.path }])
                  : onPick(entry)
              }
            >
              {entry.isDir ? <FolderOutlined /> : <FileOutlined />}
              <span>{entry.fileName}</span>
            </button>
          </List.Item>
        )}
      />
    </Modal>
  );
}
