import { Readable } from 'node:stream';
import { type AccountKind, accountMessages, type Bilingual, isValidPassword, NICK_NAME_MAX } from '@kerf/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/app-error.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import type { LoginLogRepository } from '../auth/login-log.repository.js';
import type { SessionService } from '../auth/session.service.js';
import type { VerificationCodeService } from '../verification/code.service.js';
import { presentUser, readAccount } from './account.service.js';
import type { IdentityRepository } from './identity.repository.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import type { UserRepository } from './user.repository.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
export const AVATAR_PATH = '/uac-api/avatar/';

const text = {
  nickName: {
    'zh-CN': `昵称长度为1~${NICK_NAME_MAX}个字符`,
    en: `The nick name must be 1 to ${NICK_NAME_MAX} characters`,
  },
  avatarType: {
    'zh-CN': '头像仅支持 PNG、JPG、WebP、GIF 图片',
    en: 'The avatar must be a PNG, JPG, WebP or GIF image',
  },
  avatarSize: { 'zh-CN': '头像不能超过 2 MB', en: 'The avatar must not exceed 2 MB' },
  oldPasswordWrong: { 'zh-CN': '原密码错误', en: 'The current password is wrong' },
  boundElsewhere: { 'zh-CN': '该账号已绑定其他用户', en: 'This account is already bound to another user' },
  lastMethod: {
    'zh-CN': '至少保留一种登录方式，无法解绑',
    en: 'At least one way to sign in must remain; this cannot be unbound',
  },
  notBound: { 'zh-CN': '尚未绑定', en: 'Nothing is bound there' },
} satisfies Record<string, Bilingual>;

/** The signed-in person's own account: profile, avatar, password, bindings and sign-in history. */
export class ProfileService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      identities: IdentityRepository;
      sessions: SessionService;
      codes: VerificationCodeService;
      loginLog: LoginLogRepository;
      blobs: BlobStore;
      wechatEnabled: boolean;
    },
  ) {}

  private async user(userId: string) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw AppError.notFound();
    return user;
  }

  async profile(userId: string) {
    const user = await this.user(userId);
    const wechat = await this.deps.identities.findForUser(userId, 'wechat');
    const profile = (wechat?.profile ?? {}) as { nickName?: string; avatar?: string };
    return {
      user: presentUser(user),
      bindings: {
        mobile: user.mobile,
        email: user.email,
        wechat: wechat ? { nickName: profile.nickName ?? '', avatar: profile.avatar ?? null } : null,
      },
      wechatEnabled: this.deps.wechatEnabled,
    };
  }

  async rename(userId: string, nickName: string) {
    const name = nickName.trim();
    if (!name || name.length > NICK_NAME_MAX) throw AppError.badRequest(text.nickName);
    await this.deps.users.update(userId, { nickName: name });
  }

  /** Stores the image content-addressed and points the user at it; returns its URL. */
  async setAvatar(userId: string, bytes: Buffer): Promise<string> {
    if (bytes.length > AVATAR_MAX_BYTES) throw new AppError(413, text.avatarSize, { code: 413 });
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(type.ext in AVATAR_TYPES)) throw AppError.badRequest(text.avatarType);
    const { sha256 } = await this.deps.blobs.put(Readable.from([bytes]), {
      expectedSize: bytes.length,
      maxBytes: AVATAR_MAX_BYTES,
    });
    const url = `${AVATAR_PATH}${sha256}.${type.ext}`;
    await this.deps.users.update(userId, { avatar: url });
    return url;
  }

  /** An avatar by its URL name, only if some user uses it: the blob store is not browsable by hash. */
  async openAvatar(name: string) {
    const match = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(name);
    if (!match || !(await this.deps.users.avatarInUse(`${AVATAR_PATH}${name}`))) throw AppError.notFound();
    const read = await this.deps.blobs.get(match[1]!);
    return { ...read, contentType: AVATAR_TYPES[match[2]!]! };
  }

  /** Changes the password; every other session of the user ends, this one stays. */
  async changePassword(userId: string, sessionId: string, oldPassword: string, newPassword: string) {
    const user = await this.user(userId);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw AppError.badRequest(text.oldPasswordWrong);
    if (!isValidPassword(newPassword)) throw AppError.badRequest(accountMessages.passwordFormat);
    await this.deps.users.update(userId, { passwordHash: await hashPassword(newPassword) });
    await this.deps.sessions.endAllOf(userId, { except: sessionId });
  }

  /** Binds a mobile number or e-mail proven with a `bind` code, replacing the earlier one of its kind. */
  async bind(userId: string, rawAccount: string, code: string) {
    const account = readAccount(rawAccount);
    if (!(await this.deps.codes.consume('bind', account.value, code)))
      throw AppError.badRequest(accountMessages.codeWrong);
    const holder = await this.deps.users.findByAccount(account);
    if (holder && holder.id !== userId) throw AppError.conflict(text.boundElsewhere);
    try {
      await this.deps.users.update(userId, { [account.kind]: account.value });
    } catch (err) {
      throw new AppError(409, text.boundElsewhere, { cause: err });
    }
  }

  /** Unbinds, unless nothing would be left to sign in with. */
  async unbind(userId: string, kind: AccountKind | 'wechat') {
    const user = await this.user(userId);
    const wechat = await this.deps.identities.findForUser(userId, 'wechat');
    const methods = {
      mobile: Boolean(user.mobile),
      email: Boolean(user.email),
      wechat: Boolean(wechat),
    };
    if (!methods[kind]) throw AppError.badRequest(text.notBound);
    const remaining = { ...methods, [kind]: false };
    // A mobile or e-mail signs in by code even without a password; the chat app by scanning.
    if (!remaining.mobile && !remaining.email && !remaining.wechat) throw AppError.badRequest(text.lastMethod);
    if (kind === 'wechat') await this.deps.identities.unbind(userId, 'wechat');
    else await this.deps.users.update(userId, { [kind]: null });
  }

  async signIns(userId: string) {
    const rows = await this.deps.loginLog.listForUser(userId, 50);
    return rows.map((r) => ({
      createdAt: r.createdAt.toISOString(),
      ip: r.ip,
      userAgent: r.userAgent,
      grantType: r.grantType,
      success: r.success,
      reason: r.reason,
    }));
  }
}
