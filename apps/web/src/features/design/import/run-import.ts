import { DESIGN_PATHS } from '@kerf/contract';
import { type Bilingual, checkDrawingSize, type KerfDocument } from '@kerf/laser';
import { CLOUD_API, messageOf, request } from '../../../api/request';
import { refusalOf } from '../model/import/import-drawing';
import type { ImportReply } from './import.worker';

/** A file Kerf would not take, with the words to show (格式错误 and the reason, or the size limit). */
export class ImportRefused extends Error {
  constructor(readonly refusal: Bilingual) {
    super(refusal.en);
    this.name = 'ImportRefused';
  }
}

export class ImportCancelled extends Error {
  constructor() {
    super('import cancelled');
    this.name = 'ImportCancelled';
  }
}

/** Parses a drawing in a Web Worker; `signal` ends the worker at once (cancel). */
export function importInWorker(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<KerfDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new ImportCancelled());
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<ImportReply>) => {
      const reply = event.data;
      if ('progress' in reply) onProgress(reply.progress);
      else if ('doc' in reply) {
        finish();
        resolve(reply.doc);
      } else {
        finish();
        reject(new ImportRefused(reply.refusal));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new ImportRefused(refusalOf(new Error(event.message || 'the reader stopped'))));
    };
    worker.postMessage({ file, name });
  });
}

/** Reads a DWG on the server (a separate process there, with a time and memory limit). */
export async function importDwgOnServer(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<KerfDocument> {
  try {
    checkDrawingSize(file.size);
  } catch (error) {
    throw new ImportRefused(refusalOf(error));
  }
  try {
    const answer = await request.post<KerfDocument>(`${CLOUD_API}${DESIGN_PATHS.importDwg}`, file, {
      headers: { 'Content-Type': 'application/octet-stream' },
      signal,
      timeout: 120_000,
      onUploadProgress: (e) => onProgress(e.total ? 0.5 * (e.loaded / e.total) : 0.25),
    });
    return answer.data;
  } catch (error) {
    if (signal.aborted) throw new ImportCancelled();
    const message = messageOf(error, 'DWG');
    throw new ImportRefused({ 'zh-CN': message, en: message });
  }
}
