import {
  attachmentProblem,
  type Bilingual,
  type Currency,
  OBJECT_LIMITS,
  type ObjectAttachmentKind,
  type ObjectDetails,
  type ObjectInfo,
  type ObjectLicence,
  objectMessages,
  paperExtensionsOnly,
  parsePrice,
  priceText,
} from '@kerf/contract';

/** One drawing or effect image in the form: already stored (`existingId`) or picked now (`file`). */
export interface AttachmentItem {
  key: string;
  name: string;
  size: number;
  existingId?: string;
  file?: File;
}

export interface ObjectFormValues {
  fileName: string;
  description: string;
  material: string;
  machine: string;
  tags: string[];
  /** Crafts (laser settings) of mine or of the standard library, shown to buyers. */
  craftIds: string[];
  licence: ObjectLicence;
  /** As typed, e.g. "19.99"; read with parsePrice (no floating point). */
  price: string;
  currency: Currency;
  listed: boolean;
}

export interface ObjectForm {
  values: ObjectFormValues;
  papers: AttachmentItem[];
  previews: AttachmentItem[];
}

/** A rule the form breaks, with the field it belongs to and its words. */
export interface FormProblem {
  field: 'fileName' | 'papers' | 'previews' | 'price';
  text: Bilingual;
}

/** The first problem of one picked file (SPEC §5), or null. */
export function fileProblem(kind: ObjectAttachmentKind, file: { name: string; size: number }): Bilingual | null {
  const problem = attachmentProblem(kind, file);
  if (problem === 'extensionOnly') return paperExtensionsOnly();
  if (problem) return objectMessages[problem];
  return null;
}

/** Every SPEC §5 object rule the form breaks, in the order of the form. */
export function formProblems(form: ObjectForm): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!form.values.fileName.trim()) problems.push({ field: 'fileName', text: objectMessages.nameRequired });
  const lists = [
    ['papers', 'paper', form.papers, objectMessages.paperRequired, OBJECT_LIMITS.papersMax],
    ['previews', 'preview', form.previews, objectMessages.previewRequired, OBJECT_LIMITS.previewsMax],
  ] as const;
  for (const [field, kind, items, required, max] of lists) {
    if (items.length === 0) problems.push({ field, text: required });
    else if (items.length > max) problems.push({ field, text: objectMessages.tooMany });
    const bad = items.find((item) => item.file && fileProblem(kind, item));
    if (bad) problems.push({ field, text: fileProblem(kind, bad)! });
  }
  if (parsePrice(form.values.price) === null || parsePrice(form.values.price)! > OBJECT_LIMITS.priceMax) {
    problems.push({ field: 'price', text: objectMessages.badPrice });
  }
  return problems;
}

/** The details the save call sends. */
export function detailsOf(values: ObjectFormValues, folderId: string): ObjectDetails {
  return {
    fileName: values.fileName.trim(),
    folderId,
    origin: '1',
    description: values.description,
    material: values.material,
    machine: values.machine,
    tags: values.tags,
    craftIds: values.craftIds,
    licence: values.licence,
  };
}

/** A form filled from a stored object (editing it). */
export function formOf(info: ObjectInfo): ObjectForm {
  const item = (a: ObjectInfo['papers'][number]): AttachmentItem => ({
    key: a.id,
    name: a.name,
    size: a.size,
    existingId: a.id,
  });
  return {
    values: {
      fileName: info.fileName,
      description: info.description,
      material: info.material,
      machine: info.machine,
      tags: info.tags,
      craftIds: info.crafts.map((craft) => craft.id),
      licence: info.licence,
      price: priceText(info.price),
      currency: info.currency,
      listed: info.listed,
    },
    papers: info.papers.map(item),
    previews: info.previews.map(item),
  };
}

/** A new listing's form; its price is asked in the currency the person picked in the header. */
export function emptyForm(currency: Currency = 'CNY'): ObjectForm {
  return {
    values: {
      fileName: '',
      description: '',
      material: '',
      machine: '',
      tags: [],
      craftIds: [],
      licence: 'personal',
      price: '0.00',
      currency,
      listed: false,
    },
    papers: [],
    previews: [],
  };
}
