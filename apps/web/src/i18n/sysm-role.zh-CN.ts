/** 角色与菜单（/sysm）的文字；英文见 sysm-role.en.ts。 */
export const sysmRoleZhCN = {};
