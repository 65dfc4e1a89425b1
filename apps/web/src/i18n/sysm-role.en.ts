import type { sysmRoleZhCN } from './sysm-role.zh-CN';

/** English texts of this /sysm screen; same keys as sysm-role.zh-CN.ts. */
export const sysmRoleEn: typeof sysmRoleZhCN = {};
