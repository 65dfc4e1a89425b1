import { randomBytes } from 'node:crypto';
import {
  type AccountKind,
  ADMIN_ROLE,
  ALL_PERMISSIONS,
  accountMessages,
  type CodeScene,
  DEFAULT_USER_PERMISSIONS,
  isValidPassword,
  type Locale,
  NICK_NAME_MAX,
  parseAccount,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { ConfigService } from '../system/config.service.js';
import { CodeTooSoonError, type VerificationCodeService } from '../verification/code.service.js';
import type { CodeDelivery } from '../verification/code-delivery.js';
import type { CodeSendGuard } from '../verification/code-send-guard.js';
import { hashPassword } from './password-hasher.js';
import type { RoleDefinition, UserRepository, UserRow } from './user.repository.js';

export const USER_ROLE = 'user';

/**
 * The roles Kerf ships: made when missing. The administrator's grants are put back at every start; the
 * user role starts with DEFAULT_USER_PERMISSIONS and keeps an administrator's later edits.
 */
export const BUILTIN_ROLES: RoleDefinition[] = [
  { roleKey: ADMIN_ROLE, roleName: 'Administrator', permissions: [ALL_PERMISSIONS], locked: true },
  { roleKey: USER_ROLE, roleName: 'User', permissions: [...DEFAULT_USER_PERMISSIONS] },
];

type Account = { kind: AccountKind; value: string };

/** A typed account (mobile or e-mail), or 400 with the spec's format message. */
export function readAccount(raw: string | null | undefined): Account {
  const account = parseAccount(raw);
  if (!account) throw AppError.badRequest(accountMessages.accountFormat);
  return account;
}

/** The public face of a user, for the web app. Never the password hash. */
export function presentUser(user: UserRow) {
  return {
    userId: user.id,
    loginName: user.loginName,
    nickName: user.nickName,
    avatar: user.avatar,
    mobile: user.mobile,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * Registration, verification codes, password recovery and the first admin. Answers never reveal
 * whether an account exists, except checkUnique, whose purpose that is.
 */
export class AccountService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      codes: VerificationCodeService;
      delivery: CodeDelivery;
      configs: ConfigService;
      /** Send limits and the captcha after the first few sends; absent in unit tests of other things. */
      sendGuard?: CodeSendGuard;
      /** Sign-in locks, lifted by a successful reset (the reset code proves the account holder). */
      loginLocks?: { unlock(account: string): Promise<void> };
    },
  ) {}

  /** Start-up: the built-in roles exist, and the administrator role grants everything. */
  async ensureRoles(): Promise<void> {
    await this.deps.users.upsertRoles(BUILTIN_ROLES);
  }

  /** On an empty database, creates the admin; returns the generated password when one was made up. */
  async bootstrapAdmin(
    account: string,
    password?: string,
  ): Promise<{ account: string; generatedPassword?: string } | null> {
    const { users } = this.deps;
    if ((await users.countUsers()) > 0) return null;
    const parsed = readAccount(account);
    const generated = password
      ? undefined
      : `K${randomBytes(9)
          .toString('base64url')
          .replace(/[^A-Za-z0-9]/g, 'x')}`;
    const chosen = password ?? generated!;
    await users.create(
      {
        loginName: 'admin',
        nickName: 'Administrator',
        [parsed.kind]: parsed.value,
        passwordHash: await hashPassword(chosen),
      },
      [ADMIN_ROLE],
    );
    return { account: parsed.value, generatedPassword: generated };
  }

  /** True when the account is free to register. */
  async isUnique(raw: string | undefined): Promise<boolean> {
    const account = readAccount(raw);
    return !(await this.deps.users.findByAccount(account));
  }

  /**
   * Sends a code for a scene. For login, reset and bind of an account that does not exist nothing is
   * sent, but the answer is the same, so the call cannot be used to probe accounts. The send limits
   * count every request from `client` (its address) the same way, whether the account exists or not.
   */
  async sendCode(
    scene: CodeScene,
    raw: string | undefined,
    locale: Locale,
    client?: { ip: string; captcha?: { uuid?: string; answer?: string } },
  ): Promise<void> {
    const account = readAccount(raw);
    const guard = client ? this.deps.sendGuard : undefined;
    if (guard && client) await guard.admitClient(client.ip, client.captcha);
    const exists = Boolean(await this.deps.users.findByAccount(account));
    const deliver = scene === 'register' || scene === 'bind' ? true : exists;
    let code: string;
    try {
      code = await this.deps.codes.issue(scene, account.value);
    } catch (err) {
      if (err instanceof CodeTooSoonError) {
        throw new AppError(429, accountMessages.codeTooSoon, {
          code: 429,
          args: [err.retryAfterSeconds],
          data: { retryAfterSeconds: err.retryAfterSeconds },
        });
      }
      throw err;
    }
    try {
      await guard?.countSend(account.value);
    } catch (err) {
      await this.deps.codes.forgetSend(scene, account.value);
      throw err;
    }
    if (!deliver) return;
    try {
      await this.deps.delivery.send({ channel: account.kind, to: account.value, scene, code, locale });
    } catch (err) {
      await this.deps.codes.forgetSend(scene, account.value);
      throw new AppError(502, accountMessages.codeSendFailed, { code: 500, cause: err });
    }
  }

  async register(input: { account?: string; password?: string; code?: string; nickName?: string }): Promise<UserRow> {
    const { codes, configs } = this.deps;
    if ((await configs.valueOf('sys.account.registerUser')) === 'false') {
      throw AppError.forbidden(accountMessages.registerClosed);
    }
    const account = readAccount(input.account);
    if (!isValidPassword(input.password)) throw AppError.badRequest(accountMessages.passwordFormat);
    if (!(await codes.consume('register', account.value, input.code)))
      throw AppError.badRequest(accountMessages.codeWrong);
    await this.assertUnregistered(account);
    return this.createUser({ account, password: input.password!, nickName: input.nickName });
  }

  /** 409 `<account>已被注册` when someone already signs in with this account. */
  async assertUnregistered(account: Account): Promise<void> {
    if (await this.deps.users.findByAccount(account)) {
      const taken = accountMessages.alreadyRegistered;
      throw new AppError(409, { 'zh-CN': `${account.value}${taken['zh-CN']}`, en: `${account.value} ${taken.en}` });
    }
  }

  /** A new ordinary user; the unique indexes decide a race between two creations of one account. */
  async createUser(input: { account: Account; password?: string; nickName?: string; avatar?: string | null }) {
    const nickName = (input.nickName?.trim() || defaultNickName(input.account)).slice(0, NICK_NAME_MAX);
    try {
      return await this.deps.users.create(
        {
          loginName: await this.freeLoginName(),
          nickName,
          avatar: input.avatar ?? null,
          [input.account.kind]: input.account.value,
          passwordHash: input.password ? await hashPassword(input.password) : null,
        },
        [USER_ROLE],
      );
    } catch (err) {
      throw new AppError(409, accountMessages.registerFailed, { cause: err });
    }
  }

  /** Sets a new password with a reset code; every session of the account ends. */
  async resetPassword(input: { account?: string; code?: string; password?: string }): Promise<UserRow | null> {
    const account = readAccount(input.account);
    if (!isValidPassword(input.password)) throw AppError.badRequest(accountMessages.passwordFormat);
    if (!(await this.deps.codes.consume('reset', account.value, input.code))) {
      throw AppError.badRequest(accountMessages.codeWrong);
    }
    const user = await this.deps.users.findByAccount(account);
    if (!user) throw AppError.badRequest(accountMessages.codeWrong);
    await this.deps.users.update(user.id, { passwordHash: await hashPassword(input.password!), lockedUntil: null });
    await this.deps.loginLocks?.unlock(account.value);
    return user;
  }

  private async freeLoginName(): Promise<string> {
    for (;;) {
      const name = `kerf_${randomBytes(5).toString('hex')}`;
      if (!(await this.deps.users.loginNameTaken(name))) return name;
    }
  }
}

function defaultNickName(account: Account) {
  return account.kind === 'email' ? account.value.split('@')[0]! : `用户${account.value.slice(-4)}`;
}
