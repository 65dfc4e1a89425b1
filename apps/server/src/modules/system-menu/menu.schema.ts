import { envelopeOf, MENU_LIMITS, MENU_TYPES } from '@kerf/contract';
import { z } from 'zod';

const bilingual = z.object({ 'zh-CN': z.string(), en: z.string() });

export const idParams = z.object({ id: z.string().uuid() });
export const menuListQuery = z.object({
  title: z.string().trim().max(MENU_LIMITS.titleMax).optional(),
  /** `true` or `false`: shown or hidden entries only. */
  visible: z.enum(['true', 'false']).optional(),
});

/** Format rules (permission form, path, parent) are checked by the service, which words the refusal. */
const menuFields = {
  parentId: z.string().uuid().nullish().default(null),
  menuType: z.enum(MENU_TYPES),
  titleCn: z.string().trim().min(1).max(MENU_LIMITS.titleMax),
  titleEn: z.string().trim().max(MENU_LIMITS.titleMax).default(''),
  path: z.string().trim().max(MENU_LIMITS.pathMax).default(''),
  icon: z
    .string()
    .trim()
    .max(MENU_LIMITS.iconMax)
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  orderNum: z.number().int().min(0).max(1_000_000).default(0),
  visible: z.boolean().default(true),
  permission: z.string().trim().max(MENU_LIMITS.permissionMax).default(''),
};
export const menuBody = z.object(menuFields);
export const menuUpdateBody = z.object({ id: z.string().uuid(), ...menuFields });

const menuItem = z.object({
  id: z.string(),
  menuKey: z.string(),
  parentId: z.string().nullable(),
  menuType: z.enum(MENU_TYPES),
  titleCn: z.string(),
  titleEn: z.string(),
  path: z.string(),
  icon: z.string(),
  orderNum: z.number().int(),
  visible: z.boolean(),
  permission: z.string(),
  builtin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

interface TreeNode {
  id: string;
  key: string;
  type: (typeof MENU_TYPES)[number];
  title: { 'zh-CN': string; en: string };
  permission: string;
  visible: boolean;
  children: TreeNode[];
}
const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    key: z.string(),
    type: z.enum(MENU_TYPES),
    title: bilingual,
    permission: z.string(),
    visible: z.boolean(),
    children: z.array(treeNode),
  }),
);

export const menuResponse = envelopeOf(menuItem);
export const menuArrayResponse = envelopeOf(z.array(menuItem));
export const menuTreeResponse = envelopeOf(z.array(treeNode));
