import type { sysmUserZhCN } from './sysm-user.zh-CN';

/** English texts of this /sysm screen; same keys as sysm-user.zh-CN.ts. */
export const sysmUserEn: typeof sysmUserZhCN = {};
