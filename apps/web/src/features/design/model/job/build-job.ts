import {
  type KerfDocument,
  optimiseJob,
  planJob,
  type RasterFunction,
  SettingError,
  type ToolpathPreview,
  toolpathPreview,
  writeGcode,
} from '@kerf/laser';
import { checkJob, type JobNotice, type JobProblemCode, type JobWarningCode } from './job-check';
import { type MachineProfile, machineSettingsOf } from './machine-profiles';

/**
 * A drawing to a machine job, the whole way: checked, planned on the machine's bed, optimised, written
 * as G-code and walked for the preview. Runs in the job worker; plain data in, plain data out.
 */

export interface JobLayerInfo {
  id: string;
  name: string;
  color: string;
}

export interface BuiltJob {
  gcode: Uint8Array;
  preview: ToolpathPreview;
  layers: JobLayerInfo[];
  warnings: JobNotice<JobWarningCode>[];
  outsideIds: string[];
  /** Travel of the planned order and of the optimised one, mm. */
  travelBefore: number;
  travelAfter: number;
}

export type JobResult = { built: BuiltJob } | { problem: JobNotice<JobProblemCode>; outsideIds: string[] };

/**
 * The document as the planner should see it: on the machine's bed (the planner itself leaves hidden
 * layers out, as it does layers not set to output).
 */
export function jobDocument(doc: KerfDocument, profile: MachineProfile): KerfDocument {
  return { ...doc, width: profile.bedWidth, height: profile.bedHeight };
}

/**
 * `raster` turns placed bitmaps into engraving ops (default: the core's, decoding `data:` URLs itself);
 * the worker passes one over pictures it decoded with the browser's own decoders.
 */
export function buildJob(doc: KerfDocument, profile: MachineProfile, raster?: RasterFunction): JobResult {
  const check = checkJob(doc, profile);
  if (check.problem) return { problem: check.problem, outsideIds: check.outsideIds };
  try {
    const planned = planJob(jobDocument(doc, profile), { name: doc.meta.name || 'job', ...(raster ? { raster } : {}) });
    const { job, travelBefore, travelAfter } = optimiseJob(planned);
    if (job.ops.length === 0) return { problem: { code: 'nothingToBurn' }, outsideIds: check.outsideIds };
    const machine = machineSettingsOf(profile);
    const warnings = [...check.warnings];
    // the planner says when it cut something off at the bed's edge; the check has named those shapes
    if (check.outsideIds.length === 0) for (const text of job.warnings ?? []) warnings.push({ code: 'planner', text });
    return {
      built: {
        gcode: writeGcode(job, { machine }),
        preview: toolpathPreview(job, machine),
        layers: job.layers.map((l) => ({ id: l.id, name: l.name, color: l.color })),
        warnings,
        outsideIds: check.outsideIds,
        travelBefore,
        travelAfter,
      },
    };
  } catch (error) {
    if (error instanceof SettingError) return { problem: { code: 'setting', text: error.text }, outsideIds: [] };
    throw error;
  }
}
