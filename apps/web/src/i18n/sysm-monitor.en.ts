import type { sysmMonitorZhCN } from './sysm-monitor.zh-CN';

/** English texts of this /sysm screen; same keys as sysm-monitor.zh-CN.ts. */
export const sysmMonitorEn: typeof sysmMonitorZhCN = {};
