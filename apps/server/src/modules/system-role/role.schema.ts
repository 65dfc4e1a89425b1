import { envelopeOf, pageNumber, pageOf, ROLE_LIMITS, ROLE_STATUSES } from '@kerf/contract';
import { z } from 'zod';

const limit = z.coerce.number().int().min(1).max(100).default(10);
const status = z.enum(ROLE_STATUSES);

export const idParams = z.object({ id: z.string().uuid() });
export const roleListQuery = z.object({
  roleName: z.string().trim().max(ROLE_LIMITS.nameMax).optional(),
  roleKey: z.string().trim().max(ROLE_LIMITS.keyMax).optional(),
  status: status.optional(),
  page: pageNumber,
  limit,
});

/** The key's pattern and the permissions' form are checked by the service, which words the refusal. */
const roleFields = {
  roleKey: z.string().trim().min(1).max(ROLE_LIMITS.keyMax),
  roleName: z.string().trim().min(1).max(ROLE_LIMITS.nameMax),
  orderNum: z.number().int().min(0).max(1_000_000).default(0),
  status: status.default('enabled'),
  remark: z.string().max(ROLE_LIMITS.remarkMax).default(''),
  permissions: z.array(z.string().trim().max(100)).max(ROLE_LIMITS.permissionsMax).default([]),
};
export const roleBody = z.object(roleFields);
export const roleUpdateBody = z.object({ id: z.string().uuid(), ...roleFields });

const roleItem = z.object({
  id: z.string(),
  roleKey: z.string(),
  roleName: z.string(),
  orderNum: z.number().int(),
  status,
  builtin: z.boolean(),
  remark: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().int().describe('how many people hold the role'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const roleResponse = envelopeOf(roleItem);
export const rolePageResponse = envelopeOf(pageOf(roleItem));
