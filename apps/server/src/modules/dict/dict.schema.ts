import { DICT_LIMITS, DICT_LIST_CLASSES, DICT_STATUSES, envelopeOf, pageNumber, pageOf } from '@kerf/contract';
import { z } from 'zod';

const limit = z.coerce.number().int().min(1).max(100).default(10);
const status = z.enum(DICT_STATUSES);
/** Its pattern (DICT_TYPE_PATTERN) is checked by the service, which words the refusal. */
const dictType = z.string().trim().min(1).max(DICT_LIMITS.typeMax);
const label = z.string().trim().max(DICT_LIMITS.labelMax);

export const idParams = z.object({ id: z.string().uuid() });
export const typeQuery = z.object({ type: z.string().trim().min(1).max(DICT_LIMITS.typeMax) });
export const dataListQuery = z.object({
  dictType: z.string().trim().max(DICT_LIMITS.typeMax).optional(),
  label: z.string().trim().max(DICT_LIMITS.labelMax).optional(),
  status: status.optional(),
  page: pageNumber,
  limit,
});
export const typeListQuery = z.object({
  keyword: z.string().trim().max(DICT_LIMITS.nameMax).optional(),
  status: status.optional(),
  page: pageNumber,
  limit,
});

const dataFields = {
  dictType,
  labelCn: label.min(1),
  labelEn: label.default(''),
  value: z.string().trim().min(1).max(DICT_LIMITS.valueMax),
  listClass: z.enum(DICT_LIST_CLASSES).default(''),
  cssClass: z.string().trim().max(DICT_LIMITS.cssClassMax).default(''),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  status: status.default('0'),
  remark: z.string().max(DICT_LIMITS.remarkMax).default(''),
};
export const dataBody = z.object(dataFields);
export const dataUpdateBody = z.object({ id: z.string().uuid(), ...dataFields });

const typeFields = {
  dictType,
  nameCn: z.string().trim().min(1).max(DICT_LIMITS.nameMax),
  nameEn: z.string().trim().max(DICT_LIMITS.nameMax).default(''),
  status: status.default('0'),
  remark: z.string().max(DICT_LIMITS.remarkMax).default(''),
};
export const typeBody = z.object(typeFields);
export const typeUpdateBody = z.object({ id: z.string().uuid(), ...typeFields });

const dictData = z.object({
  id: z.string(),
  dictType: z.string(),
  labelCn: z.string(),
  labelEn: z.string(),
  value: z.string(),
  listClass: z.enum(DICT_LIST_CLASSES),
  cssClass: z.string(),
  sort: z.number().int(),
  status,
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const dictTypeItem = z.object({
  id: z.string(),
  dictType: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  status,
  builtin: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const dataResponse = envelopeOf(dictData);
export const dataArrayResponse = envelopeOf(z.array(dictData));
export const dataPageResponse = envelopeOf(pageOf(dictData));
export const typeResponse = envelopeOf(dictTypeItem);
export const typePageResponse = envelopeOf(pageOf(dictTypeItem));
