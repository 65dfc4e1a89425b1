import { envelopeOf, UNZIP_MODE } from '@kerf/contract';
import { z } from 'zod';
import { folderRef } from '../drive/drive.schema.js';

export const unzipBody = z.object({
  userFileId: z.string().uuid(),
  /** 0 the archive's folder, 1 a new folder named after the archive, 2 the folder `folderId`. */
  unzipMode: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(UNZIP_MODE.current), z.literal(UNZIP_MODE.named), z.literal(UNZIP_MODE.target)])),
  folderId: folderRef,
});

export const unzipStarted = envelopeOf(z.object({ jobId: z.string() }));

export const unzipJobParams = z.object({ jobId: z.string().max(64) });

export const unzipJob = envelopeOf(
  z.object({
    jobId: z.string(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number().min(0).max(1),
    entries: z.number().int(),
    targetPath: z.string(),
    message: z.string(),
  }),
);
