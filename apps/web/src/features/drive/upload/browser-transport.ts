import type { DriveEntry } from '../../../api/drive-api';
import { cancelPendingUpload, completeUpload, initUpload, putChunk } from '../../../api/transfer-api';
import { answerChallenge } from './answer-challenge';
import { hashFile } from './hash-file';
import type { UploadTransport } from './upload-queue';

/** The queue's transport in the browser: the hashing worker and the transfer calls. */
export const browserTransport: UploadTransport<DriveEntry> = {
  hash: hashFile,
  init: initUpload,
  prove: answerChallenge,
  putChunk,
  complete: completeUpload,
  cancel: cancelPendingUpload,
};
