/** 参数、登录日志与在线用户（/sysm）的文字；英文见 sysm-monitor.en.ts。 */
export const sysmMonitorZhCN = {};
