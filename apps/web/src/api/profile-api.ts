import type { SessionUser } from './account-api';
import { request, UAC_API } from './request';

/** The account page's calls (signed in): profile, avatar, password, bindings and sign-in history. */

export type BindingKind = 'mobile' | 'email' | 'wechat';

export interface AccountProfile {
  user: SessionUser;
  bindings: {
    mobile: string | null;
    email: string | null;
    wechat: { nickName: string; avatar: string | null } | null;
  };
  wechatEnabled: boolean;
}

export interface LoginRecord {
  createdAt: string;
  ip: string | null;
  userAgent: string | null;
  grantType: string;
  success: boolean;
  reason: string | null;
}

export async function fetchProfile(): Promise<AccountProfile> {
  return (await request.get<AccountProfile>(`${UAC_API}/account/profile`)).data;
}

export async function updateNickName(nickName: string): Promise<string> {
  return (await request.put<null>(`${UAC_API}/account/profile`, { nickName })).msg;
}

/** Uploads a new avatar; resolves with its URL for an <img>. */
export async function uploadAvatar(file: Blob, fileName: string): Promise<{ avatar: string; msg: string }> {
  const form = new FormData();
  form.append('file', file, fileName);
  const answer = await request.post<{ avatar: string }>(`${UAC_API}/account/avatar`, form);
  return { avatar: answer.data.avatar, msg: answer.msg };
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  return (await request.put<null>(`${UAC_API}/account/password`, { oldPassword, newPassword })).msg;
}

/** Binds a mobile number or e-mail address proven with a code of scene `bind`. */
export async function bindAccount(account: string, code: string): Promise<string> {
  return (await request.post<null>(`${UAC_API}/account/bind`, { account, code })).msg;
}

export async function unbindAccount(kind: BindingKind): Promise<string> {
  return (await request.delete<null>(`${UAC_API}/account/bind`, { params: { kind } })).msg;
}

export async function fetchLoginHistory(): Promise<LoginRecord[]> {
  const answer = await request.get<LoginRecord[]>(`${UAC_API}/account/logins`);
  return Array.isArray(answer.data) ? answer.data : [];
}
