import {
  type Bilingual,
  type Currency,
  type ObjectAttachmentKind,
  type ObjectDetails,
  type ObjectInfo,
  objectMessages,
  parsePrice,
} from '@kerf/contract';
import { type AttachmentItem, detailsOf, type ObjectForm } from './object-form';

/** The calls a save makes (the API in the app, fakes in tests). */
export interface ObjectSaveCalls {
  create(details: ObjectDetails): Promise<string>;
  update(id: string, details: ObjectDetails): Promise<ObjectInfo>;
  upload(
    id: string,
    kind: ObjectAttachmentKind,
    keep: string[],
    files: File[],
    onProgress: (fraction: number) => void,
  ): Promise<ObjectInfo>;
  savePrice(id: string, price: { price: number; currency: Currency; listed: boolean }): Promise<ObjectInfo>;
}

export type SaveStep = 'details' | 'papers' | 'previews' | 'price';
export const SAVE_STEPS: readonly SaveStep[] = ['details', 'papers', 'previews', 'price'];

/** Where a save stopped: the SPEC §8 words for the step, and the server's reason. */
export class ObjectSaveError extends Error {
  constructor(
    readonly step: SaveStep,
    readonly text: Bilingual,
    readonly reason: string,
    /** The object's id when the details were saved before the failure: the next save continues from it. */
    readonly id: string | undefined,
  ) {
    super(`${text.en}: ${reason}`);
    this.name = 'ObjectSaveError';
  }
}

const STEP_FAILURE: Record<SaveStep, Bilingual> = {
  details: objectMessages.saveFailed,
  papers: objectMessages.paperUploadFailed,
  previews: objectMessages.previewUploadFailed,
  price: objectMessages.saveFailed,
};

function split(items: AttachmentItem[]) {
  return {
    keep: items.flatMap((item) => (item.existingId ? [item.existingId] : [])),
    files: items.flatMap((item) => (item.file ? [item.file] : [])),
  };
}

/**
 * SPEC §4 object upload: the details first (the first save answers the id), then the drawings, then the
 * effect images, then the price. `id` is the object's id from an earlier save of this form (or the
 * object being edited): then the details are updated instead of created. `onProgress` gets the step
 * and the overall fraction (0–1). Fails with ObjectSaveError naming the step.
 */
export async function saveObject(
  form: ObjectForm,
  target: { id?: string; folderId: string },
  calls: ObjectSaveCalls,
  onProgress: (step: SaveStep, fraction: number) => void = () => {},
  reasonOf: (error: unknown) => string = (error) => (error instanceof Error ? error.message : String(error)),
): Promise<ObjectInfo> {
  let id = target.id;
  let step: SaveStep = 'details';
  // Uploads dominate the time: weigh the steps by the bytes they send.
  const bytes = (items: AttachmentItem[]) => items.reduce((sum, i) => sum + (i.file ? i.size : 0), 0);
  const paperBytes = bytes(form.papers);
  const previewBytes = bytes(form.previews);
  const total = paperBytes + previewBytes + 2;
  const report = (done: number) => onProgress(step, Math.min(1, done / total));
  try {
    const details = detailsOf(form.values, target.folderId);
    report(0);
    if (id) await calls.update(id, details);
    else id = await calls.create(details);
    report(1);
    step = 'papers';
    const papers = split(form.papers);
    await calls.upload(id, 'paper', papers.keep, papers.files, (f) => report(1 + f * paperBytes));
    step = 'previews';
    const previews = split(form.previews);
    await calls.upload(id, 'preview', previews.keep, previews.files, (f) => report(1 + paperBytes + f * previewBytes));
    step = 'price';
    const price = parsePrice(form.values.price) ?? 0;
    const saved = await calls.savePrice(id, {
      price,
      currency: form.values.currency,
      listed: form.values.listed,
    });
    report(total);
    return saved;
  } catch (error) {
    throw new ObjectSaveError(step, STEP_FAILURE[step], reasonOf(error), id);
  }
}
