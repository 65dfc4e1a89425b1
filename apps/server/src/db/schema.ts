import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Each domain adds its tables here (or in a file re-exported here); `npm run
 * db:generate` turns a change into a new SQL migration under apps/server/drizzle, applied at start-up
 * on the embedded PostgreSQL and DATABASE_URL alike.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** System parameters (SPEC §7 `/system/config/configKey/{key}`), e.g. `sys.account.captchaEnabled`. */
export const sysConfig = pgTable(
  'sys_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configKey: varchar('config_key', { length: 100 }).notNull(),
    configValue: text('config_value').notNull(),
    configName: varchar('config_name', { length: 100 }).notNull(),
    /** Built-in parameters ship with Kerf and cannot be deleted, only changed. */
    builtin: boolean('builtin').notNull().default(false),
    remark: text('remark'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sys_config_key_idx').on(t.configKey)],
);

/** One row describing this installation: created on first start, kept across restarts and upgrades. */
export const installation = pgTable('installation', {
  id: uuid('id').primaryKey().defaultRandom(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull().defaultNow(),
  startCount: integer('start_count').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------
// Accounts and access (SPEC §3 User/session, §6)

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loginName: varchar('login_name', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    /** Mainland China mobile number, digits only. */
    mobile: varchar('mobile', { length: 20 }),
    /** Stored lower-cased so uniqueness ignores case. */
    email: varchar('email', { length: 254 }),
    /** Blob hash of the uploaded avatar, or an absolute URL from a chat-app profile. */
    avatar: text('avatar'),
    /** Memory-hard KDF string (scrypt); null for accounts created through the chat app only. */
    passwordHash: text('password_hash'),
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_login_name_idx').on(t.loginName),
    uniqueIndex('users_mobile_idx').on(t.mobile),
    uniqueIndex('users_email_idx').on(t.email),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleKey: varchar('role_key', { length: 64 }).notNull(),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    builtin: boolean('builtin').notNull().default(false),
    /**
     * A built-in role's permissions as Kerf last shipped them: at start, what a new release adds to them
     * is granted, while what an administrator took away (and was shipped before) stays away.
     */
    shippedPermissions: text('shipped_permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Order in the role list (RuoYi's role_sort). */
    orderNum: integer('order_num').notNull().default(0),
    /** 'enabled' or 'disabled': a disabled role grants nothing to its holders. */
    status: varchar('status', { length: 16 }).notNull().default('enabled'),
    remark: text('remark'),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_role_key_idx').on(t.roleKey)],
);

/**
 * The menu tree (RuoYi's sys_menu): directories ('M'), pages ('C') and buttons ('F') with the permission
 * each needs. `user_routers` answers the visible pages a caller's grants cover; a role's permissions
 * are chosen from this tree. Built-in rows are seeded by `menuKey` (@kerf/contract BUILTIN_MENUS).
 */
export const sysMenus = pgTable(
  'sys_menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menuKey: varchar('menu_key', { length: 100 }).notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => sysMenus.id, { onDelete: 'cascade' }),
    menuType: varchar('menu_type', { length: 1 }).notNull(),
    titleCn: varchar('title_cn', { length: 64 }).notNull(),
    titleEn: varchar('title_en', { length: 64 }).notNull(),
    path: varchar('path', { length: 200 }).notNull().default(''),
    icon: varchar('icon', { length: 64 }).notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    permission: varchar('permission', { length: 100 }).notNull().default(''),
    builtin: boolean('builtin').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('sys_menus_key_idx').on(t.menuKey), index('sys_menus_parent_idx').on(t.parentId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Registered API clients (`client_id`/`client_secret` of the token call). */
export const oauthClients = pgTable('oauth_clients', {
  clientId: varchar('client_id', { length: 64 }).primaryKey(),
  /** SHA-256 of the secret: client secrets are machine-generated, not people's passwords. */
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  grantTypes: text('grant_types').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in sessions: the opaque token is given once to the client and kept here only as a hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    loginType: varchar('login_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Accounts at other providers (the chat app) bound to a Kerf user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_subject_idx').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_idx').on(t.userId, t.provider),
  ],
);

/** Every sign-in attempt, successful or not. The account is stored masked; never a password or code. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: varchar('account', { length: 254 }).notNull(),
    grantType: varchar('grant_type', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_logs_created_idx').on(t.createdAt), index('login_logs_user_idx').on(t.userId)],
);

/**
 * Server-side secrets that every instance must share (e.g. the RSA key pair of the encrypted
 * envelope). Never exposed through the system-parameter routes.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------
// Cloud drive (SPEC §3 File/folder entry)

/**
 * Stored file contents, content-addressed and reference-counted: a blob's bytes are written before
 * any row points at them, and removed only after `refCount` fell to zero and a grace period passed.
 */
export const driveBlobs = pgTable(
  'drive_blobs',
  {
    sha256: varchar('sha256', { length: 64 }).primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    refCount: integer('ref_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last reference went; the collector removes the bytes some time after. */
    unreferencedAt: timestamp('unreferenced_at', { withTimezone: true }),
  },
  (t) => [index('drive_blobs_unreferenced_idx').on(t.unreferencedAt).where(sql`ref_count = 0`)],
);

/** The drive list's sorts and the column each orders by before the name (none for the name sort). */
const LIST_SORT_COLUMNS = { name: undefined, size: 'file_size', type: 'extend_name', time: 'updated_at' } as const;

/** The list indexes (see driveEntries): for each sort, one ascending and one descending. */
function listIndexes(t: { userId: PgColumn; parentId: PgColumn; isDir: PgColumn; name: PgColumn; id: PgColumn }) {
  return Object.entries(LIST_SORT_COLUMNS).flatMap(([sort, column]) => {
    const key = column ? [sql`${sql.identifier(column)}`] : [];
    const live = sql`deleted_at is null`;
    return [
      index(`drive_entries_list_${sort}_asc_idx`)
        // is_dir last again, as a plain column, so an index-only scan can hand it back
        .on(t.userId, t.parentId, sql`(not ${t.isDir})`, ...key, t.name, t.id, t.isDir)
        .where(live),
      index(`drive_entries_list_${sort}_desc_idx`)
        .on(t.userId, t.parentId, t.isDir, ...key, t.name, t.id)
        .where(live),
    ];
  });
}

/** A person's files and folders. Names live here; bytes live in the blob store under their hash. */
export const driveEntries = pgTable(
  'drive_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The folder holding this entry; null at the root. Removing a folder row removes its subtree's rows. */
    parentId: uuid('parent_id').references((): AnyPgColumn => driveEntries.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    isDir: boolean('is_dir').notNull(),
    /** Lower-case extension without the dot; '' for folders and files without one. */
    extendName: varchar('extend_name', { length: 32 }).notNull().default(''),
    blobSha256: varchar('blob_sha256', { length: 64 }).references(() => driveBlobs.sha256),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** Full path of the holding folder ('/' at the root): listing by filePath and moving subtrees use it. */
    parentPath: text('parent_path').notNull().default('/'),
    /** Live entries directly inside this folder, kept with every change so a huge folder pages without count(*). */
    childCount: integer('child_count').notNull().default(0),
    /**
     * A folder's list version: a trigger (migration 0009) raises it whenever an entry directly inside
     * changes where it sorts (comes, goes, is renamed, resized, saved), so the page positions the list
     * code remembers for a huge folder are known to be current while it stands.
     */
    listVersion: bigint('list_version', { mode: 'number' }).notNull().default(0),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while in the recycle bin (SPEC fileType 6). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteBatchNum: uuid('delete_batch_num'),
    /** The entry the person deleted (shown in the bin); the rest of its subtree shares its batch. */
    deleteRoot: boolean('delete_root').notNull().default(false),
  },
  (t) => [
    uniqueIndex('drive_entries_name_idx')
      .on(t.userId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)
      .where(sql`deleted_at is null`),
    // One index per sort and direction, each the list's exact order (folders first, then the sort key,
    // then the name, then the id to break ties) so a page is read off the index, a cursor seeks into it
    // with one row comparison, and a page number is found by an index-only scan from the nearer end.
    // Ascending orders key on `not is_dir` (folders first while everything else ascends); descending
    // orders read `is_dir, ...` backwards. `name` sorts in natural order: the column has the ICU
    // collation kerf_natural (migration 0008; drizzle cannot declare a column's collation).
    ...listIndexes(t),
    index('drive_entries_path_idx').on(t.userId, sql`${t.parentPath} text_pattern_ops`),
    index('drive_entries_batch_idx').on(t.userId, t.deleteBatchNum).where(sql`delete_batch_num is not null`),
    index('drive_entries_bin_idx').on(t.deletedAt).where(sql`delete_root`),
    index('drive_entries_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('drive_entries_blob_idx').on(t.blobSha256),
    // Serves the parent foreign key's cascade, which the partial list indexes cannot.
    index('drive_entries_parent_idx').on(t.parentId),
    index('drive_entries_ext_idx')
      .on(t.userId, t.extendName, t.createdAt)
      .where(sql`deleted_at is null and not is_dir`),
  ],
);

/** Per-user drive totals: quota, bytes used, and the root folder's child count. */
export const driveAccounts = pgTable('drive_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  rootChildCount: integer('root_child_count').notNull().default(0),
  /** The root folder's list version (see driveEntries.listVersion). */
  rootListVersion: bigint('root_list_version', { mode: 'number' }).notNull().default(0),
});

/**
 * An upload in progress: the file is assembled from chunks in the blob store's staging folder under
 * the upload's id, and becomes an entry only once every chunk is there and the whole hashes right.
 * The same person sending the same content to the same place again resumes it.
 */
export const driveUploads = pgTable(
  'drive_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Target folder at the time of init; null for the root. A folder deleted meanwhile sends the file to the root. */
    parentId: uuid('parent_id').references(() => driveEntries.id, { onDelete: 'set null' }),
    /** Folders to create below the target for a folder upload (`a/b`), '' for none. */
    relativePath: text('relative_path').notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drive_uploads_resume_idx').on(t.userId, t.sha256, t.fileSize),
    index('drive_uploads_updated_idx').on(t.updatedAt),
  ],
);

/** The chunks of an upload that are completely written to its staging file. */
export const driveUploadChunks = pgTable(
  'drive_upload_chunks',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => driveUploads.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);

// ---------------------------------------------------------------------------------------------------
// Share links (SPEC §3 share fields, §4 "Shared (type 8) with an expiry")

/**
 * A share link: some of a person's entries, reachable by anyone holding `code` (the link's
 * shareBatchNum) and, for shareType 1, the extraction code, until `endTime`. Cancelling deletes it.
 */
export const driveShares = pgTable(
  'drive_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The link's code, `{origin}/share/{code}` (SPEC shareBatchNum). */
    code: varchar('code', { length: 32 }).notNull(),
    /** SPEC shareType: 0 open to the link, 1 needs the extraction code. */
    shareType: smallint('share_type').notNull().default(0),
    /** Shown to the owner in my shares; '' for an open share. */
    extractionCode: varchar('extraction_code', { length: 16 }).notNull().default(''),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    viewCount: integer('view_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    /** Wrong extraction codes since `failureWindowStart`; enough of them lock the share until `lockedUntil`. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    failureWindowStart: timestamp('failure_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('drive_shares_code_idx').on(t.code), index('drive_shares_user_idx').on(t.userId, t.createdAt)],
);

/** The entries a share names directly; a shared folder brings its live subtree as it is when read. */
export const driveShareItems = pgTable(
  'drive_share_items',
  {
    shareId: uuid('share_id')
      .notNull()
      .references(() => driveShares.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => driveEntries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.entryId] }), index('drive_share_items_entry_idx').on(t.entryId)],
);

// ---------------------------------------------------------------------------------------------------
// Background work (ARCHITECTURE: a PostgreSQL-backed job queue, so work survives restarts)

/**
 * A unit of background work (unpacking an archive, …). Any server instance may claim a queued job;
 * the claim is a lease that the worker renews while it reports progress, so a job whose instance died
 * is claimed again once its lease runs out. Its owner reads its state from any instance.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The person the job works for: only they can read it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    /** queued, running, done, failed. */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    result: jsonb('result'),
    /** A failure as a catalogue message with its arguments, shown in the reader's language. */
    failure: jsonb('failure'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_pending_idx').on(t.kind, t.createdAt).where(sql`state in ('queued', 'running')`),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`finished_at is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Craft libraries (SPEC §1 "craft (process) libraries, private and standard", §2 /craft)

/**
 * A craft: laser parameters that work for one material on one kind of machine. `library` standard
 * rows have no owner and are edited only with craft:standard:edit; personal rows belong to `ownerId`.
 * The passes (layer settings per pass) are one JSON value validated by @kerf/contract's schema.
 */
export const crafts = pgTable(
  'crafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    library: varchar('library', { length: 16 }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    material: varchar('material', { length: 64 }).notNull(),
    /** mm; null for any thickness. */
    thickness: real('thickness'),
    machineModel: varchar('machine_model', { length: 64 }).notNull().default(''),
    laserType: varchar('laser_type', { length: 8 }).notNull(),
    /** W. */
    powerClass: integer('power_class').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    passes: jsonb('passes').notNull(),
    /** LightBurn entry attributes Kerf does not use, kept for export. */
    lightburn: jsonb('lightburn'),
    /** Shipped as a starting point rather than measured on a machine. */
    startingValues: boolean('starting_values').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('crafts_library_idx').on(t.library, t.ownerId, t.material, t.thickness),
    index('crafts_owner_idx').on(t.ownerId),
  ],
);

/** Every change of a craft as it was after the change (deletes keep the last state), with who and when. */
export const craftRevisions = pgTable(
  'craft_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    craftId: uuid('craft_id').notNull(),
    library: varchar('library', { length: 16 }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** create, update, delete, import. */
    action: varchar('action', { length: 16 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('craft_revisions_craft_idx').on(t.craftId, t.revision)],
);

/** Libraries seeded on first start: a row here means the seed ran once (deleting crafts never re-seeds). */
export const craftSeeds = pgTable('craft_seeds', {
  library: varchar('library', { length: 16 }).primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './device-schema.js';
export * from './dict-schema.js';
export * from './object-schema.js';
export * from './oper-log-schema.js';
export * from './plugin-schema.js';
export * from './support-schema.js';
export * from './trade-schema.js';
