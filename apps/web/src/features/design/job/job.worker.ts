import { decodedRaster, type KerfDocument } from '@kerf/laser';
import { browserImageDecoder } from '../browser-image-decoder';
import { buildJob, type JobResult } from '../model/job/build-job';
import type { MachineProfile } from '../model/job/machine-profiles';

/**
 * Plans, optimises and writes the job off the page's thread, so a 20,000-path drawing never freezes the
 * canvas. Answers each request with its id; the big arrays are transferred, not copied.
 */
export type JobRequest = { id: number; doc: KerfDocument; profile: MachineProfile };
export type JobReply = { id: number; result: JobResult; ms: number } | { id: number; failure: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<JobRequest>) => void) | null;
  postMessage(message: JobReply, transfer?: Transferable[]): void;
};

scope.onmessage = async (event: MessageEvent<JobRequest>) => {
  const { id, doc, profile } = event.data;
  const started = performance.now();
  try {
    // pictures are decoded by the browser (several times faster than the core's portable decoders)
    const raster = await decodedRaster(doc, browserImageDecoder).catch(() => undefined);
    const result = buildJob(doc, profile, raster);
    const transfer: Transferable[] = [];
    if ('built' in result) {
      const { gcode, preview } = result.built;
      transfer.push(
        gcode.buffer,
        preview.coords.buffer,
        preview.kinds.buffer,
        preview.layers.buffer,
        preview.times.buffer,
      );
      for (const r of preview.rasters) transfer.push(r.darkness.buffer, r.lineOrder.buffer);
    }
    scope.postMessage({ id, result, ms: performance.now() - started }, transfer);
  } catch (error) {
    scope.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
};
