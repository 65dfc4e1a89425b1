import { FILE_TYPE } from '@kerf/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DriveEntry } from '../../../api/drive-api';
import { type DriveLocation, locationFrom, parentPath, queryOf } from '../model/drive-location';

/** The drive's place in the address bar (SPEC §2 query), and the ways to move it. */
export function useDriveLocation() {
  const [params, setParams] = useSearchParams();
  const location = useMemo(() => locationFrom(params), [params]);

  const go = useCallback((next: DriveLocation) => setParams(queryOf(next)), [setParams]);

  const openFolder = useCallback(
    (folder: Pick<DriveEntry, 'path' | 'userFileId'>) =>
      go({ fileType: FILE_TYPE.all, filePath: folder.path, folderId: folder.userFileId }),
    [go],
  );

  const openPath = useCallback(
    (filePath: string, folderId?: string) => go({ fileType: FILE_TYPE.all, filePath, folderId }),
    [go],
  );

  /** Backspace and the "up" button: the parent folder, if there is one; from a share's entries, my shares. */
  const goUp = useCallback(() => {
    if (location.fileType === FILE_TYPE.myShares && location.shareBatchNum) {
      go({ fileType: FILE_TYPE.myShares, filePath: '/' });
      return true;
    }
    if (location.fileType !== FILE_TYPE.all) return false;
    const parent = parentPath(location.filePath);
    if (parent === null) return false;
    go({ fileType: FILE_TYPE.all, filePath: parent });
    return true;
  }, [go, location]);

  return { location, go, openFolder, openPath, goUp };
}
