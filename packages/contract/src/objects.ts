import type { CraftPass } from './craft.js';
import { extensionOf } from './drive.js';
import { type Bilingual, type Currency, format } from './locale.js';

/**
 * Objects (SPEC §3 object upload form, §4 object upload, §5 object rules, §7 objects and engine calls):
 * machining drawings (papers) with effect images (previews), kept in the owner's drive as one entry
 * named `{fileName}.kobj` and offered in the drawing library. All under /cloud-api.
 *
 * - `POST /engine/info` `{fileName, folderId, origin, …details}` → the new object's id (a draft: nobody
 *   else sees it). `PUT /engine/info` `{id, …}` changes the details; `DELETE /engine/info` `{ids}` moves
 *   the objects to the recycle bin as any drive entry.
 * - `GET /engine/info/{id}` → the object (mine, or a published one).
 * - `GET /engine/info/checkUnique?folderId&fileName[&id]` → fails with 名称已经存在 when the name is taken.
 * - `POST /engine/upload/paper` and `/engine/upload/preview`, multipart: `infoId`, repeated `ids` (the
 *   attachments of that kind to keep, in their order) and repeated `files` (new ones, appended). The
 *   kind's list becomes exactly the kept ones followed by the new ones.
 * - `POST /engine/info/savePrice` `{id, price, currency, listed}`: the price in minor units (fen, cent)
 *   and whether the object is offered in the shop gallery.
 * - `GET /engine/info/getEnginePath?id` → where the object lies in my drive.
 * - `GET /engine/attachment/{id}` → one paper or preview's bytes, for whoever may see it (previews of a
 *   published object: anyone signed in; papers: the owner, or a buyer once the object is free or bought).
 */
export const OBJECT_PATHS = {
  info: '/engine/info',
  infoById: '/engine/info/:id',
  checkUnique: '/engine/info/checkUnique',
  uploadPaper: '/engine/upload/paper',
  uploadPreview: '/engine/upload/preview',
  savePrice: '/engine/info/savePrice',
  enginePath: '/engine/info/getEnginePath',
  attachment: '/engine/attachment/:id',
} as const;

/** The drive extension of an object's entry: its name and this are unique in the folder (SPEC §5). */
export const OBJECT_EXTENSION = 'kobj';
/** SPEC §3: objects made by upload. */
export const OBJECT_ORIGIN = '1';

/** Drawings the laser core and the editor read; each is checked by its reader, not by its name. */
export const PAPER_EXTENSIONS = ['svg', 'dxf', 'dwg', 'bmp', 'png', 'jpg', 'jpeg', 'kerf'] as const;
export type PaperExtension = (typeof PAPER_EXTENSIONS)[number];
/** Effect images: pictures a browser shows. */
export const PREVIEW_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'] as const;

export const OBJECT_LIMITS = {
  /** SPEC §9: attachment (and BMP) 50 MB. */
  attachmentMaxBytes: 50 * 1024 * 1024,
  papersMax: 20,
  previewsMax: 9,
  descriptionMax: 2000,
  tagsMax: 10,
  tagMax: 20,
  noteMax: 100,
  /** The dearest price, in minor units (¥100,000.00 / $100,000.00). */
  priceMax: 10_000_000,
} as const;

export const OBJECT_KINDS = ['paper', 'preview'] as const;
export type ObjectAttachmentKind = (typeof OBJECT_KINDS)[number];

export const OBJECT_LICENCES = ['personal', 'commercial', 'cc-by', 'cc-by-nc'] as const;
export type ObjectLicence = (typeof OBJECT_LICENCES)[number];

/** Draft until it has at least one drawing and one effect image; only a ready object can be listed. */
export const OBJECT_STATES = ['draft', 'ready'] as const;
export type ObjectState = (typeof OBJECT_STATES)[number];

export interface ObjectAttachment {
  id: string;
  name: string;
  size: number;
  /** The format its reader found (svg, dxf, dwg, bmp, png, jpeg, gif, webp, kerf). */
  format: string;
  width: number | null;
  height: number | null;
}

/** The details a designer writes (SPEC §3 object upload form plus what buyers are shown). */
export interface ObjectDetails {
  /** Required: an empty or missing one is 物件名称不能为空. */
  fileName?: string;
  /** The drive folder; '0' or absent is the root. */
  folderId?: string;
  origin?: string;
  description?: string;
  tags?: string[];
  material?: string;
  machine?: string;
  licence?: ObjectLicence;
  /** Crafts (laser settings) of mine or of the standard library, shown to buyers. */
  craftIds?: string[];
}

export interface ObjectCraft {
  id: string;
  name: string;
  material: string;
  thickness: number | null;
  laserType: string;
  powerClass: number;
  machineModel: string;
  passes: CraftPass[];
}

export interface ObjectInfo {
  id: string;
  fileName: string;
  folderId: string;
  filePath: string;
  origin: string;
  state: ObjectState;
  listed: boolean;
  /** Minor units; 0 is free. */
  price: number;
  currency: Currency;
  description: string;
  tags: string[];
  material: string;
  machine: string;
  licence: ObjectLicence;
  crafts: ObjectCraft[];
  papers: ObjectAttachment[];
  previews: ObjectAttachment[];
  /** The first effect image, for cards. */
  coverId: string | null;
  ownerId: string;
  ownerName: string;
  mine: boolean;
  /** The viewer may download the drawings: theirs, or taken (free) or bought. */
  entitled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const objectMessages = {
  nameRequired: { 'zh-CN': '物件名称不能为空', en: 'The object name cannot be empty' },
  nameExists: { 'zh-CN': '名称已经存在', en: 'That name already exists here' },
  paperRequired: { 'zh-CN': '请添加加工图纸', en: 'Please add a machining drawing' },
  previewRequired: { 'zh-CN': '请添加效果图', en: 'Please add an effect image' },
  /** {0}: the allowed extensions. */
  extensionOnly: { 'zh-CN': '仅支持{0}文件格式', en: 'Only {0} files are supported' },
  previewNotImage: { 'zh-CN': '效果图只能是图片', en: 'An effect image must be a picture' },
  tooLarge: { 'zh-CN': '附件不能超过50MB', en: 'An attachment cannot exceed 50 MB' },
  tooMany: { 'zh-CN': '文件数量超出', en: 'Too many files' },
  /** SPEC §8's own wording for a second save of the object form. */
  duplicateSubmit: { 'zh-CN': '请勿重复提交', en: 'Please do not submit twice' },
  paperUploadFailed: { 'zh-CN': '上传图纸失败', en: 'Uploading the drawings failed' },
  previewUploadFailed: { 'zh-CN': '上传效果图失败', en: 'Uploading the effect images failed' },
  saveFailed: { 'zh-CN': '保存失败', en: 'Saving failed' },
  saved: { 'zh-CN': '保存成功', en: 'Saved' },
  notFound: { 'zh-CN': '物件不存在或已删除', en: 'The object does not exist or was deleted' },
  notReady: {
    'zh-CN': '请先添加加工图纸和效果图再上架',
    en: 'Add a machining drawing and an effect image before listing the object',
  },
  badPrice: { 'zh-CN': '价格无效', en: 'The price is not valid' },
  unknownAttachment: { 'zh-CN': '附件不属于该物件', en: 'That attachment does not belong to this object' },
  unknownCraft: { 'zh-CN': '工艺不存在', en: 'That craft does not exist' },
  noPicture: { 'zh-CN': '该图纸暂无预览', en: 'This drawing has no preview' },
} as const satisfies Record<string, Bilingual>;

/** The allowed extensions as SPEC §5's [ext] shows them. */
export function extensionList(extensions: readonly string[], locale: 'zh-CN' | 'en'): string {
  return extensions.join(locale === 'zh-CN' ? '、' : ', ');
}

/** 仅支持[ext]文件格式 with the drawing extensions in each language's own punctuation. */
export function paperExtensionsOnly(): Bilingual {
  return {
    'zh-CN': format(objectMessages.extensionOnly['zh-CN'], extensionList(PAPER_EXTENSIONS, 'zh-CN')),
    en: format(objectMessages.extensionOnly.en, extensionList(PAPER_EXTENSIONS, 'en')),
  };
}

/**
 * The first SPEC §5 rule a file breaks before it is read (name and size; its content is the server's
 * check): the message key, or null.
 */
export function attachmentProblem(
  kind: ObjectAttachmentKind,
  file: { name: string; size: number },
): 'extensionOnly' | 'previewNotImage' | 'tooLarge' | null {
  const ext = extensionOf(file.name);
  if (kind === 'paper' && !(PAPER_EXTENSIONS as readonly string[]).includes(ext)) return 'extensionOnly';
  if (kind === 'preview' && !(PREVIEW_EXTENSIONS as readonly string[]).includes(ext)) return 'previewNotImage';
  if (file.size > OBJECT_LIMITS.attachmentMaxBytes) return 'tooLarge';
  return null;
}

/** Minor units as a decimal text: 1999 → "19.99", 5 → "0.05". Integer arithmetic only. */
export function priceText(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A price as people read it (SPEC §1 currencies; prices are integers in minor units): 1999 CNY → ¥19.99. */
export function formatPrice(minor: number, currency: Currency): string {
  const [units = '0', cents = '00'] = priceText(Math.abs(minor)).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${currency === 'CNY' ? '¥' : '$'}${grouped}.${cents}`;
}

/** `19.99` → 1999, exactly (no float arithmetic); null for anything that is not a price with ≤ 2 decimals. */
export function parsePrice(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The drive entry's name of an object called `name`. */
export function fullObjectName(name: string): string {
  return `${name}.${OBJECT_EXTENSION}`;
}

/** The object's own name from its drive entry's name. */
export function objectNameOf(entryName: string): string {
  const suffix = `.${OBJECT_EXTENSION}`;
  return entryName.toLowerCase().endsWith(suffix) ? entryName.slice(0, -suffix.length) : entryName;
}
