import { sharedFileUrl } from '../../../api/share-api';
import { downloadUrl } from '../../../api/transfer-api';
import type { FileAccess } from './file-access';

/** A link that downloads the file, from my drive or through the share it was opened from. */
export function downloadLink(access: FileAccess, userFileId: string): string {
  return access.kind === 'share' ? sharedFileUrl(access, userFileId) : downloadUrl(userFileId);
}
