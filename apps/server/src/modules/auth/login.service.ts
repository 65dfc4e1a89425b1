import { accountMessages, type Bilingual, type parseAccount, ResultCode } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import { readAccount } from '../account/account.service.js';
import { hashPassword, needsRehash, verifyPassword } from '../account/password-hasher.js';
import type { UserRepository, UserRow } from '../account/user.repository.js';
import type { ConfigService } from '../system/config.service.js';
import type { VerificationCodeService } from '../verification/code.service.js';
import type { ImageCaptchaService } from '../verification/image-captcha.service.js';
import type { ClientRepository } from './client.repository.js';
import type { LoginLogRepository } from './login-log.repository.js';
import { type LoginThrottle, minutesOf, refusalOf, type ThrottleVerdict } from './login-throttle.js';
import type { SessionService } from './session.service.js';

export interface TokenRequest {
  client_id: string;
  client_secret: string;
  grant_type: string;
  login_type?: string;
  account?: string;
  password?: string;
  code?: string;
  uuid?: string;
  ticket?: string;
}

export interface RequestOrigin {
  ip: string;
  userAgent?: string;
}

export interface SignedIn {
  token: string;
  user: UserRow;
  loginType: string;
}

/** Resolves a chat-app bind ticket to the bound user; provided by the chat-app login module. */
export interface TicketLogin {
  userForTicket(ticket: string): Promise<UserRow | null>;
}

const DEFAULT_LOGIN_TYPE = '2';

/** One sign-in attempt: what was asked, from where, and the key its limits are counted under. */
interface Attempt {
  req: TokenRequest;
  origin: RequestOrigin;
  loginType: string;
  key: string;
}
interface AccountAttempt extends Attempt {
  account: NonNullable<ReturnType<typeof parseAccount>>;
}

function fail(
  status: number,
  text: Bilingual,
  options: { code?: number; data?: unknown; args?: Array<string | number> } = {},
) {
  return new AppError(status, text, options);
}

/**
 * The token call (`POST /uac-api/oauth2/access_token`): client check, throttling, captcha, the grant
 * itself, the login log, the session. Every refusal for a wrong account or secret reads the same,
 * whether or not the account exists.
 */
export class LoginService {
  constructor(
    private readonly deps: {
      clients: ClientRepository;
      users: UserRepository;
      throttle: LoginThrottle;
      codes: VerificationCodeService;
      captcha: ImageCaptchaService;
      sessions: SessionService;
      loginLog: LoginLogRepository;
      configs: ConfigService;
      tickets?: TicketLogin;
    },
  ) {}

  async login(req: TokenRequest, origin: RequestOrigin): Promise<SignedIn> {
    const { clients } = this.deps;
    const grants = await clients.authenticate(req.client_id ?? '', req.client_secret ?? '');
    if (!grants) throw fail(401, accountMessages.clientInvalid, { code: ResultCode.unauthorized });
    if (!grants.includes(req.grant_type)) throw fail(400, accountMessages.grantUnsupported);
    const loginType = (req.login_type || DEFAULT_LOGIN_TYPE).slice(0, 16);

    if (req.grant_type === 'wechat') return this.loginWithTicket({ req, origin, loginType, key: 'wechat' });

    const account = readAccount(req.account);
    const attempt: AccountAttempt = { req, origin, loginType, key: account.value, account };
    return req.grant_type === 'code' ? this.loginWithCode(attempt) : this.loginWithPassword(attempt);
  }

  /**
   * Lifts the sign-in locks on an account from every address: an administrator's call. Unknown
   * accounts are not found (only administrators get here).
   */
  async unlockAccount(raw: string | undefined): Promise<void> {
    const account = readAccount(raw);
    const user = await this.deps.users.findByAccount(account);
    if (!user) throw AppError.notFound();
    await this.deps.throttle.unlock(account.value);
  }

  private async loginWithPassword(attempt: AccountAttempt): Promise<SignedIn> {
    const { users, throttle, captcha, configs } = this.deps;
    const { req, key, origin } = attempt;
    const verdict = await throttle.admit(key, origin.ip, {
      alwaysCaptcha: await configs.flag('sys.account.captchaEnabled'),
      honourLock: true,
    });
    await this.refuseIfThrottled(verdict, attempt);
    if (verdict.allowed && verdict.captchaRequired) {
      const solved = await captcha.verify(req.uuid, req.code);
      if (!solved) {
        await this.log(attempt, null, false, req.code ? 'captcha-wrong' : 'captcha-required');
        const text = req.code ? accountMessages.captchaWrong : accountMessages.captchaRequired;
        throw fail(400, text, { data: { captchaRequired: true } });
      }
    }
    const user = await users.findByAccount(attempt.account);
    const ok = await verifyPassword(req.password ?? '', user?.passwordHash);
    if (!ok || !user) return this.refuseCredentials(attempt, user, accountMessages.badCredentials);
    if (needsRehash(user.passwordHash!)) {
      await users.update(user.id, { passwordHash: await hashPassword(req.password ?? '') });
    }
    return this.admitUser(attempt, user);
  }

  private async loginWithCode(attempt: AccountAttempt): Promise<SignedIn> {
    const { users, throttle, codes } = this.deps;
    // The one-time code is itself the second factor, so no image captcha here (it guards getCode instead);
    // it proves the account holder, so a lock on their address does not stop it, and success lifts it.
    const verdict = await throttle.admit(attempt.key, attempt.origin.ip, { alwaysCaptcha: false, honourLock: false });
    await this.refuseIfThrottled(verdict, attempt);
    const valid = await codes.consume('login', attempt.key, attempt.req.code);
    const user = valid ? await users.findByAccount(attempt.account) : undefined;
    if (!valid || !user) return this.refuseCredentials(attempt, user, accountMessages.codeWrong);
    const signedIn = await this.admitUser(attempt, user);
    await throttle.unlock(attempt.key);
    return signedIn;
  }

  private async loginWithTicket(attempt: Attempt): Promise<SignedIn> {
    const { ticket } = attempt.req;
    const user = ticket && this.deps.tickets ? await this.deps.tickets.userForTicket(ticket) : null;
    if (!user) {
      await this.log(attempt, null, false, 'ticket-invalid');
      throw fail(401, accountMessages.chatAppExpired);
    }
    return this.admitUser(attempt, user);
  }

  private async refuseIfThrottled(verdict: ThrottleVerdict, attempt: Attempt) {
    if (verdict.allowed) return;
    await this.log(attempt, null, false, verdict.reason);
    throw refusalOf(verdict);
  }

  private async refuseCredentials(attempt: Attempt, user: UserRow | undefined, text: Bilingual): Promise<never> {
    const { throttle } = this.deps;
    // Only this address is shut out of the account, so the user row (users.locked_until) is left alone.
    const locked = await throttle.failed(attempt.key, attempt.origin.ip);
    await this.log(attempt, user?.id ?? null, false, locked ? 'locked' : 'bad-credentials');
    if (locked) {
      throw fail(423, accountMessages.accountLocked, { code: 423, args: [minutesOf(locked.lockedForMs)] });
    }
    const captchaRequired = await throttle.captchaNeeded(attempt.key, attempt.origin.ip);
    throw fail(400, text, { data: captchaRequired ? { captchaRequired: true } : null });
  }

  private async admitUser(attempt: Attempt, user: UserRow): Promise<SignedIn> {
    const { sessions, throttle, users } = this.deps;
    const { req, origin, loginType } = attempt;
    if (user.status !== 'enabled') {
      await this.log(attempt, user.id, false, 'disabled');
      throw fail(403, accountMessages.accountDisabled, { code: ResultCode.forbidden });
    }
    await throttle.succeeded(attempt.key, origin.ip);
    const { token } = await sessions.start({
      userId: user.id,
      clientId: req.client_id,
      loginType,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    await users.update(user.id, { lastLoginAt: new Date(), lastLoginIp: origin.ip.slice(0, 64), lockedUntil: null });
    await this.log(attempt, user.id, true);
    return { token, user, loginType };
  }

  private log(attempt: Attempt, userId: string | null, success: boolean, reason?: string) {
    return this.deps.loginLog.record({
      userId,
      account: attempt.key,
      grantType: attempt.req.grant_type,
      ip: attempt.origin.ip,
      userAgent: attempt.origin.userAgent,
      success,
      reason,
    });
  }
}
