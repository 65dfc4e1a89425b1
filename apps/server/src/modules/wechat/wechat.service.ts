import { randomBytes } from 'node:crypto';
import { accountMessages, type Bilingual, isValidPassword } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { Cache } from '../../infra/cache/cache.js';
import { type AccountService, readAccount } from '../account/account.service.js';
import type { IdentityRepository } from '../account/identity.repository.js';
import { verifyPassword } from '../account/password-hasher.js';
import type { UserRepository, UserRow } from '../account/user.repository.js';
import type { TicketLogin } from '../auth/login.service.js';
import { type LoginThrottle, refusalOf } from '../auth/login-throttle.js';
import type { VerificationCodeService } from '../verification/code.service.js';
import { type WechatClient, WechatError, type WechatProfile } from './wechat.client.js';

const PROVIDER = 'wechat';
const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 10 * 60_000;

export type Purpose = 'login' | 'bind';
interface StoredState {
  purpose: Purpose;
  userId?: string;
}
interface StoredTicket {
  subject: string;
  profile: Pick<WechatProfile, 'nickName' | 'avatar' | 'openid'>;
}

const text = {
  disabled: { 'zh-CN': '未开启微信登录', en: 'Chat-app sign-in is not enabled' },
  provider: {
    'zh-CN': '微信服务暂时不可用，请稍后再试',
    en: 'The chat-app service is unavailable; please try again later',
  },
  boundElsewhere: { 'zh-CN': '该微信已绑定其他账号', en: 'This chat-app account is bound to another user' },
  needsSignIn: { 'zh-CN': '请先登录再绑定微信', en: 'Sign in first to bind a chat-app account' },
} satisfies Record<string, Bilingual>;

export type Exchange =
  | { kind: 'bound'; ticket: string }
  | { kind: 'unbound'; ticket: string; profile: { nickName: string; avatar: string | null } }
  | { kind: 'linked' };

const token = () => randomBytes(24).toString('base64url');

/**
 * Chat-app sign-in and binding. `state` ties the provider's redirect to the browser that started it
 * and to its purpose; a ticket carries the proven chat-app identity for ten minutes, until it signs
 * in (bound) or is bound to an existing or new account.
 */
export class WechatService implements TicketLogin {
  constructor(
    private readonly deps: {
      client: WechatClient | null;
      cache: Cache;
      identities: IdentityRepository;
      users: UserRepository;
      codes: VerificationCodeService;
      accounts: AccountService;
      /** The sign-in limits: proving an account by password here is a sign-in attempt like any other. */
      throttle: LoginThrottle;
    },
  ) {}

  get enabled() {
    return this.deps.client !== null;
  }

  private client(): WechatClient {
    if (!this.deps.client) throw new AppError(404, text.disabled);
    return this.deps.client;
  }

  async authorizeUrl(purpose: Purpose, callbackUrl: string, userId?: string): Promise<string> {
    const client = this.client();
    if (purpose === 'bind' && !userId) throw new AppError(401, text.needsSignIn);
    const state = token();
    await this.deps.cache.set(
      `wx:state:${state}`,
      JSON.stringify({ purpose, userId } satisfies StoredState),
      STATE_TTL_MS,
    );
    return client.authorizeUrl(callbackUrl, state);
  }

  /** The provider's redirect came back: prove the identity and decide what happens next. */
  async exchange(code: string, state: string, callerId?: string): Promise<Exchange> {
    const client = this.client();
    const key = `wx:state:${state}`;
    const raw = await this.deps.cache.get(key);
    await this.deps.cache.delete(key);
    if (!raw) throw AppError.badRequest(accountMessages.chatAppExpired);
    const stored = JSON.parse(raw) as StoredState;

    let profile: WechatProfile;
    try {
      profile = await client.profileForCode(code);
    } catch (err) {
      if (err instanceof WechatError && err.errcode) throw AppError.badRequest(accountMessages.chatAppExpired);
      throw new AppError(502, text.provider, { code: 500, cause: err });
    }
    const existing = await this.deps.identities.findBySubject(PROVIDER, profile.subject);

    if (stored.purpose === 'bind') {
      if (!stored.userId || stored.userId !== callerId) throw new AppError(401, text.needsSignIn);
      if (existing && existing.userId !== stored.userId) throw AppError.conflict(text.boundElsewhere);
      await this.deps.identities.bind(stored.userId, PROVIDER, profile.subject, this.profileOf(profile));
      return { kind: 'linked' };
    }
    const ticket = await this.issueTicket(profile);
    if (existing) return { kind: 'bound', ticket };
    return { kind: 'unbound', ticket, profile: { nickName: profile.nickName, avatar: profile.avatar } };
  }

  /** For the token call's `grant_type=wechat`: the ticket's identity must be bound; the ticket is used up. */
  async userForTicket(ticket: string): Promise<UserRow | null> {
    const stored = await this.readTicket(ticket);
    if (!stored) return null;
    const identity = await this.deps.identities.findBySubject(PROVIDER, stored.subject);
    if (!identity) return null;
    await this.deps.cache.delete(`wx:ticket:${ticket}`);
    return (await this.deps.users.findById(identity.userId)) ?? null;
  }

  /**
   * Binds the ticket's identity to an existing account (proven by password or a `bind` code) or to a
   * new one (proven by a `bind` code). Returns a fresh ticket that signs in.
   */
  async bind(
    input: { ticket: string; mode: 'existing' | 'new'; account?: string; password?: string; code?: string },
    origin: { ip: string },
  ) {
    const stored = await this.readTicket(input.ticket);
    if (!stored) throw AppError.badRequest(accountMessages.chatAppExpired);
    if (await this.deps.identities.findBySubject(PROVIDER, stored.subject))
      throw AppError.conflict(text.boundElsewhere);
    const account = readAccount(input.account);

    let user: UserRow | undefined;
    if (input.mode === 'existing') {
      user = await this.deps.users.findByAccount(account);
      const proven = input.password
        ? await this.passwordProves(account.value, input.password, user, origin.ip)
        : await this.deps.codes.consume('bind', account.value, input.code);
      if (!proven || !user)
        throw AppError.badRequest(input.password ? accountMessages.badCredentials : accountMessages.codeWrong);
    } else {
      if (input.password && !isValidPassword(input.password)) throw AppError.badRequest(accountMessages.passwordFormat);
      if (!(await this.deps.codes.consume('bind', account.value, input.code)))
        throw AppError.badRequest(accountMessages.codeWrong);
      await this.deps.accounts.assertUnregistered(account);
      user = await this.deps.accounts.createUser({
        account,
        password: input.password,
        nickName: stored.profile.nickName,
        avatar: stored.profile.avatar,
      });
    }
    await this.deps.identities.bind(user.id, PROVIDER, stored.subject, stored.profile);
    await this.deps.cache.delete(`wx:ticket:${input.ticket}`);
    return this.issueTicket({ subject: stored.subject, ...stored.profile });
  }

  /** A password check under the sign-in limits (lock per account and address, limits per address). */
  private async passwordProves(account: string, password: string, user: UserRow | undefined, ip: string) {
    const { throttle } = this.deps;
    const verdict = await throttle.admit(account, ip, { alwaysCaptcha: false, honourLock: true });
    if (!verdict.allowed) throw refusalOf(verdict);
    if (user && (await verifyPassword(password, user.passwordHash))) {
      await throttle.succeeded(account, ip);
      return true;
    }
    const locked = await throttle.failed(account, ip);
    if (locked) throw refusalOf({ allowed: false, reason: 'locked', retryAfterMs: locked.lockedForMs });
    return false;
  }

  private profileOf(p: Pick<WechatProfile, 'nickName' | 'avatar' | 'openid'>) {
    return { nickName: p.nickName, avatar: p.avatar, openid: p.openid };
  }

  private async issueTicket(profile: Pick<WechatProfile, 'subject' | 'nickName' | 'avatar' | 'openid'>) {
    const ticket = token();
    const stored: StoredTicket = { subject: profile.subject, profile: this.profileOf(profile) };
    await this.deps.cache.set(`wx:ticket:${ticket}`, JSON.stringify(stored), TICKET_TTL_MS);
    return ticket;
  }

  private async readTicket(ticket: string): Promise<StoredTicket | null> {
    if (!ticket) return null;
    const raw = await this.deps.cache.get(`wx:ticket:${ticket}`);
    return raw ? (JSON.parse(raw) as StoredTicket) : null;
  }
}
