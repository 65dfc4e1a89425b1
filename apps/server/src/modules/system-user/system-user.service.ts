import {
  ADMIN_ROLE,
  accountMessages,
  isValidPassword,
  LOGIN_NAME_PATTERN,
  type Locale,
  parseAccount,
  SYSTEM_USER_LIMITS,
  type SystemUser,
  type SystemUserLogin,
  systemUserMessages,
  type UserStatus,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { RecordTable } from '../../http/table-export.js';
import { hashPassword } from '../account/password-hasher.js';
import type { SessionService } from '../auth/session.service.js';
import {
  clashedIndex,
  type ListedUser,
  type LoginRow,
  type SystemUserRepository,
  type UserFilter,
} from './system-user.repository.js';

type Contact = { kind: 'mobile' | 'email'; value: string };
/** Who is asking: their own account and session are treated with care. */
type Caller = { userId: string; sessionId: string };

function present(row: ListedUser): SystemUser {
  return {
    id: row.id,
    loginName: row.loginName,
    nickName: row.nickName,
    mobile: row.mobile,
    email: row.email,
    status: row.status as UserStatus,
    roles: row.roles,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp,
    quotaBytes: row.quotaBytes,
    usedBytes: row.usedBytes,
  };
}

function presentLogin(row: LoginRow): SystemUserLogin {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    grantType: row.grantType,
    success: row.success,
    reason: row.reason,
  };
}

/** A mobile number or e-mail address as registration reads it (SPEC §5), or 400 with its words. */
function readContact(kind: Contact['kind'], raw: string | null | undefined): Contact | null {
  if (!raw) return null;
  const parsed = parseAccount(raw);
  if (!parsed || parsed.kind !== kind) throw AppError.badRequest(accountMessages.accountFormat);
  return parsed;
}

/** `<account>已被注册`, as registration says it. */
function alreadyRegistered(value: string) {
  const taken = accountMessages.alreadyRegistered;
  return new AppError(409, { 'zh-CN': `${value}${taken['zh-CN']}`, en: `${value} ${taken.en}` });
}

const EXPORT_HEADERS: Record<Locale, string[]> = {
  'zh-CN': [
    '登录名',
    '昵称',
    '手机号',
    '邮箱',
    '状态',
    '角色',
    '存储配额（字节）',
    '已用空间（字节）',
    '注册时间',
    '最后登录时间',
    '最后登录IP',
  ],
  en: [
    'Login name',
    'Nick name',
    'Mobile',
    'E-mail',
    'State',
    'Roles',
    'Quota (bytes)',
    'Used (bytes)',
    'Registered at',
    'Last sign-in',
    'Last sign-in IP',
  ],
};
const STATE_NAMES: Record<Locale, Record<UserStatus, string>> = {
  'zh-CN': { enabled: '启用', disabled: '停用' },
  en: { enabled: 'Enabled', disabled: 'Disabled' },
};

/**
 * User management (SPEC §2 /sysm/user, issue 19): staff find, add and change users, switch them off
 * (their sessions end at once), reset passwords, set drive quotas and roles. Accounts follow the rules
 * of registration (SPEC §5). The platform always keeps an enabled administrator.
 */
export class SystemUserService {
  constructor(
    private readonly deps: {
      repo: SystemUserRepository;
      sessions: Pick<SessionService, 'endAllOf' | 'grantsChanged'>;
    },
  ) {}

  async list(filter: UserFilter, page: PageRequest) {
    const { rows, total } = await this.deps.repo.list(filter, pageSlice(page));
    return { list: rows.map(present), total, ...page };
  }

  async get(id: string): Promise<SystemUser> {
    const row = await this.deps.repo.find(id);
    if (!row) throw AppError.notFound(systemUserMessages.notFound);
    return present(row);
  }

  async create(input: {
    loginName: string;
    nickName: string;
    mobile: string | null;
    email: string | null;
    password: string;
    roleKeys: string[];
    quotaBytes?: number;
  }): Promise<SystemUser> {
    const { repo } = this.deps;
    if (!LOGIN_NAME_PATTERN.test(input.loginName)) throw AppError.badRequest(systemUserMessages.loginNameFormat);
    const contacts = await this.contacts(input);
    if (!isValidPassword(input.password)) throw AppError.badRequest(accountMessages.passwordFormat);
    const roleIds = await this.roleIds(input.roleKeys);
    if (await repo.loginNameTaken(input.loginName)) throw AppError.conflict(systemUserMessages.loginNameTaken);
    const id = await this.saving(contacts, async () =>
      repo.create(
        {
          loginName: input.loginName,
          nickName: input.nickName,
          mobile: contacts.mobile,
          email: contacts.email,
          passwordHash: await hashPassword(input.password),
        },
        roleIds,
        input.quotaBytes,
      ),
    );
    return this.get(id);
  }

  async update(input: { userId: string; nickName: string; mobile: string | null; email: string | null }) {
    const before = await this.get(input.userId);
    // Someone who only ever signed in through the chat app has neither; they may keep it so.
    const keepsNone = !input.mobile && !input.email && !before.mobile && !before.email;
    const contacts = keepsNone ? { mobile: null, email: null } : await this.contacts(input, input.userId);
    await this.saving(contacts, () => this.deps.repo.update(input.userId, { nickName: input.nickName, ...contacts }));
    return this.get(input.userId);
  }

  /**
   * Enables or disables a user. A disabled user's sessions end at once (their next call asks them to
   * sign in again, and signing in is refused). Nobody disables themselves or the last enabled admin.
   */
  async changeStatus(caller: Caller, userId: string, status: UserStatus): Promise<void> {
    const { repo, sessions } = this.deps;
    if (status === 'disabled' && userId === caller.userId) throw AppError.badRequest(systemUserMessages.disableSelf);
    await repo.underAdminLock(async (tx) => {
      const standing = await repo.standing(userId, tx);
      if (!standing) throw AppError.notFound(systemUserMessages.notFound);
      if (
        status === 'disabled' &&
        standing.admin &&
        standing.status === 'enabled' &&
        (await repo.otherEnabledAdmins(userId, tx)) === 0
      ) {
        throw AppError.badRequest(systemUserMessages.lastAdminDisable);
      }
      await repo.update(userId, { status }, tx);
    });
    if (status === 'disabled') await sessions.endAllOf(userId);
  }

  /** A new password (SPEC §5); the user's sessions end (but the caller's own, when it is theirs). */
  async resetPassword(caller: Caller, userId: string, password: string): Promise<void> {
    if (!isValidPassword(password)) throw AppError.badRequest(accountMessages.passwordFormat);
    const changed = await this.deps.repo.update(userId, { passwordHash: await hashPassword(password) });
    if (!changed) throw AppError.notFound(systemUserMessages.notFound);
    await this.deps.sessions.endAllOf(userId, userId === caller.userId ? { except: caller.sessionId } : {});
  }

  /**
   * Sets the drive quota. A quota below what the user already stores is allowed (staff may need to
   * rein someone in): nothing is deleted, but uploads are refused until they are under it again.
   */
  async setQuota(userId: string, quotaBytes: number) {
    if (!(await this.deps.repo.exists(userId))) throw AppError.notFound(systemUserMessages.notFound);
    return this.deps.repo.setQuota(userId, quotaBytes);
  }

  /**
   * Gives the user exactly these roles, effective on their next call. The admin role is not taken
   * from the last enabled administrator.
   */
  async setRoles(userId: string, roleKeys: string[]): Promise<void> {
    const { repo, sessions } = this.deps;
    const roleIds = await this.roleIds(roleKeys);
    await repo.underAdminLock(async (tx) => {
      const standing = await repo.standing(userId, tx);
      if (!standing) throw AppError.notFound(systemUserMessages.notFound);
      if (
        standing.admin &&
        !roleKeys.includes(ADMIN_ROLE) &&
        standing.status === 'enabled' &&
        (await repo.otherEnabledAdmins(userId, tx)) === 0
      ) {
        throw AppError.badRequest(systemUserMessages.lastAdminRole);
      }
      await repo.setRoles(userId, roleIds, tx);
    });
    await sessions.grantsChanged();
  }

  async logins(userId: string, page: PageRequest) {
    if (!(await this.deps.repo.exists(userId))) throw AppError.notFound(systemUserMessages.notFound);
    const { rows, total } = await this.deps.repo.logins(userId, pageSlice(page));
    return { list: rows.map(presentLogin), total, ...page };
  }

  /** The users the filter finds (up to SYSTEM_USER_LIMITS.exportMax), as a table in a language. */
  async exportTable(filter: UserFilter, locale: Locale): Promise<RecordTable> {
    const rows: string[][] = [];
    const limit = 500;
    for (let page = 1; rows.length < SYSTEM_USER_LIMITS.exportMax; page++) {
      const batch = await this.deps.repo.list(filter, pageSlice({ page, limit }));
      for (const u of batch.rows) {
        rows.push([
          u.loginName,
          u.nickName,
          u.mobile ?? '',
          u.email ?? '',
          STATE_NAMES[locale][u.status as UserStatus] ?? u.status,
          u.roles.map((r) => r.roleName).join(', '),
          String(u.quotaBytes),
          String(u.usedBytes),
          u.createdAt.toISOString(),
          u.lastLoginAt?.toISOString() ?? '',
          u.lastLoginIp ?? '',
        ]);
      }
      if (batch.rows.length < limit) break;
    }
    return {
      name: locale === 'en' ? 'Users' : '用户',
      header: EXPORT_HEADERS[locale],
      rows: rows.slice(0, SYSTEM_USER_LIMITS.exportMax),
    };
  }

  /** The contacts read and checked: at least one, each well formed and nobody else's. */
  private async contacts(input: { mobile: string | null; email: string | null }, except?: string) {
    const mobile = readContact('mobile', input.mobile);
    const email = readContact('email', input.email);
    if (!mobile && !email) throw AppError.badRequest(systemUserMessages.contactRequired);
    for (const contact of [mobile, email]) {
      if (contact && (await this.deps.repo.contactTaken(contact.kind, contact.value, except))) {
        throw alreadyRegistered(contact.value);
      }
    }
    return { mobile: mobile?.value ?? null, email: email?.value ?? null };
  }

  /** The ids of the roles with these keys; 400 naming any that does not exist. */
  private async roleIds(roleKeys: string[]): Promise<string[]> {
    const keys = [...new Set(roleKeys)];
    const found = await this.deps.repo.rolesByKeys(keys);
    const missing = keys.filter((key) => !found.some((r) => r.roleKey === key));
    if (missing.length) throw AppError.badRequest(systemUserMessages.unknownRole, [missing.join(', ')]);
    return found.map((r) => r.id);
  }

  /** Runs a save; a unique index refusing it (a concurrent save of the same name or account) is a 409. */
  private async saving<T>(contacts: { mobile: string | null; email: string | null }, save: () => Promise<T>) {
    try {
      return await save();
    } catch (error) {
      const index = clashedIndex(error);
      if (index === undefined) throw error;
      if (index.includes('mobile') && contacts.mobile) throw alreadyRegistered(contacts.mobile);
      if (index.includes('email') && contacts.email) throw alreadyRegistered(contacts.email);
      throw AppError.conflict(systemUserMessages.loginNameTaken);
    }
  }
}
