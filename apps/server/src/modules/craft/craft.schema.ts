import {
  CRAFT_EXPORT_FORMATS,
  CRAFT_IMPORT_POLICIES,
  CRAFT_LASER_TYPES,
  CRAFT_LIBRARIES,
  CRAFT_LIMITS,
  CRAFT_SORTS,
  craftInputSchema,
  envelopeOf,
  pageNumber,
  pageOf,
} from '@kerf/contract';
import { z } from 'zod';
import { optionalText } from '../../http/query-fields.js';
import { idList } from '../drive/drive.schema.js';

const library = z.enum(CRAFT_LIBRARIES);
const optionalNumber = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
  .pipe(z.number().min(0).max(CRAFT_LIMITS.powerClassMax).optional());

export const listQuery = z.object({
  library: library.default('standard'),
  material: optionalText(CRAFT_LIMITS.materialMax),
  thicknessMin: optionalNumber,
  thicknessMax: optionalNumber,
  machineModel: optionalText(CRAFT_LIMITS.machineModelMax),
  laserType: z.enum(CRAFT_LASER_TYPES).optional(),
  powerClass: optionalNumber,
  keyword: optionalText(100),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(CRAFT_SORTS).default('material'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const libraryQuery = z.object({ library: library.default('standard') });
export const idParams = z.object({ id: z.string().uuid() });
export const idsParams = z.object({ ids: idList });
export const copyBody = z.object({ ids: idList });

export const createBody = craftInputSchema.extend({ library });
export const updateBody = craftInputSchema.extend({ id: z.string().uuid(), revision: z.number().int().min(1) });

/** What an import file is read against: LightBurn libraries say nothing of the machine they are for. */
export const importQuery = z.object({
  library: library.default('personal'),
  onClash: z.enum(CRAFT_IMPORT_POLICIES).default('skip'),
  machineModel: z.string().trim().max(CRAFT_LIMITS.machineModelMax).default(''),
  laserType: z.enum(CRAFT_LASER_TYPES).default('gas'),
  powerClass: z.coerce.number().int().min(1).max(CRAFT_LIMITS.powerClassMax).default(60),
});

export const exportQuery = z.object({
  library: library.default('personal'),
  ids: idList.optional(),
  format: z.enum(CRAFT_EXPORT_FORMATS).default('clb'),
});

const craft = craftInputSchema.extend({
  id: z.string(),
  library,
  startingValues: z.boolean(),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export const craftResponse = envelopeOf(craft);
export const craftsResponse = envelopeOf(z.array(craft));
export const listResponse = envelopeOf(pageOf(craft));
export const facetsResponse = envelopeOf(
  z.object({ materials: z.array(z.string()), machineModels: z.array(z.string()), powerClasses: z.array(z.number()) }),
);
export const revisionsResponse = envelopeOf(
  z.array(
    z.object({
      revision: z.number().int(),
      action: z.enum(['create', 'update', 'delete', 'import']),
      at: z.string(),
      by: z.string().nullable(),
      craft: craftInputSchema,
    }),
  ),
);
const importLine = z.object({
  material: z.string(),
  thickness: z.number().nullable(),
  name: z.string(),
  passes: z.number().int(),
  existingId: z.string().optional(),
});
export const previewResponse = envelopeOf(
  z.object({
    format: z.enum(['clb', 'json']),
    libraryName: z.string(),
    total: z.number().int(),
    added: z.array(importLine),
    clashes: z.array(importLine),
  }),
);
export const importResponse = envelopeOf(
  z.object({ added: z.number().int(), replaced: z.number().int(), skipped: z.number().int() }),
);
export const countResponse = envelopeOf(z.object({ count: z.number().int() }));
