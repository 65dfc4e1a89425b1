import { CURRENCIES, envelopeOf, OBJECT_LICENCES, OBJECT_LIMITS, OBJECT_STATES } from '@kerf/contract';
import { z } from 'zod';
import { idList } from '../drive/drive.schema.js';

const uuid = z.string().uuid();
/** A folder of the caller's drive: '0' (or '' or 0) for the root, else a folder id; absent keeps it as it is. */
const objectFolder = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '' || v === 0 || v === '0' ? '0' : String(v)))
  .pipe(z.union([z.literal('0'), uuid]).optional());
const text = (max: number) => z.string().max(max);

/**
 * SPEC §3 object upload form plus the details buyers see. `fileName` is checked by the service, so an
 * empty one is answered with the SPEC's 物件名称不能为空 rather than a schema error.
 */
const details = {
  fileName: z.string().max(300).optional(),
  folderId: objectFolder,
  origin: z.string().max(4).optional(),
  description: text(OBJECT_LIMITS.descriptionMax).optional(),
  tags: z.array(text(OBJECT_LIMITS.tagMax)).max(OBJECT_LIMITS.tagsMax).optional(),
  material: text(OBJECT_LIMITS.noteMax).optional(),
  machine: text(OBJECT_LIMITS.noteMax).optional(),
  licence: z.enum(OBJECT_LICENCES).optional(),
  craftIds: z.array(uuid).max(20).optional(),
};

/** A first save carries no id; one that does was saved already (请勿重复提交). */
export const createBody = z.object({ id: z.string().optional(), ...details });
export const updateBody = z.object({ id: uuid, ...details });
export const removeBody = z.object({ ids: idList });
export const idParams = z.object({ id: uuid });
export const checkUniqueQuery = z.object({
  folderId: objectFolder,
  fileName: z.string().max(300),
  id: uuid.optional(),
});
export const pathQuery = z.object({ id: uuid });
export const attachmentQuery = z.object({ inline: z.string().optional(), picture: z.string().optional() });
export const savePriceBody = z.object({
  id: uuid,
  /** Minor units (fen, cent): an integer, never a decimal. */
  price: z.number().int().min(0).max(OBJECT_LIMITS.priceMax),
  currency: z.enum(CURRENCIES),
  listed: z.boolean(),
});

const attachment = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  format: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

export const objectInfo = z.object({
  id: z.string(),
  fileName: z.string(),
  folderId: z.string(),
  filePath: z.string(),
  origin: z.string(),
  state: z.enum(OBJECT_STATES),
  listed: z.boolean(),
  price: z.number().int(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  tags: z.array(z.string()),
  material: z.string(),
  machine: z.string(),
  licence: z.enum(OBJECT_LICENCES),
  crafts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      material: z.string(),
      thickness: z.number().nullable(),
      laserType: z.string(),
      powerClass: z.number(),
      machineModel: z.string(),
      passes: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
  papers: z.array(attachment),
  previews: z.array(attachment),
  coverId: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string(),
  mine: z.boolean(),
  entitled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const infoResponse = envelopeOf(objectInfo);
export const idResponse = envelopeOf(z.string());
export const countResponse = envelopeOf(z.number().int());
export const pathResponse = envelopeOf(
  z.object({ id: z.string(), folderId: z.string(), filePath: z.string(), fullPath: z.string() }),
);
