/** 用户管理（/sysm）的文字；英文见 sysm-user.en.ts。 */
export const sysmUserZhCN = {};
