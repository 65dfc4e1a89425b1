import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

// ---------------------------------------------------------------------------------------------------
// Device cloud (SPEC §3 Device, §4 device states; docs/device-protocol.md)

/**
 * A machine the maker built (imported into the registry), then activated and bound by its owner.
 * `machineCode` names it for life and is its MQTT serial; the fitted motherboard can change.
 * The runtime columns hold the latest state; `device_state_changes` keeps every change for statistics.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    machineCode: varchar('machine_code', { length: 12 }).notNull(),
    machineId: varchar('machine_id', { length: 64 }).notNull().default(''),
    boardModel: varchar('board_model', { length: 16 }).notNull(),
    boardSerial: varchar('board_serial', { length: 16 }).notNull(),
    version: varchar('version', { length: 32 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull().default(''),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    activationDate: date('activation_date', { mode: 'string' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    name: varchar('name', { length: 64 }).notNull().default(''),
    /** W. */
    power: real('power'),
    responsiblePerson: varchar('responsible_person', { length: 32 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 16 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** A DEVICE_RUNTIME_STATES value. */
    state: varchar('state', { length: 16 }).notNull().default('offline'),
    /** The state the device itself last reported (no response ends by going back to it). */
    reportedState: varchar('reported_state', { length: 16 }).notNull().default('offline'),
    stateSince: timestamp('state_since', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    telemetry: jsonb('telemetry'),
    /** scrypt hash of the MQTT password the fitted board claimed; null: no working credential. */
    credentialHash: text('credential_hash'),
    credentialClaimedAt: timestamp('credential_claimed_at', { withTimezone: true }),
    /** Until when the fitted board may claim a credential (after activation or a board change). */
    claimableUntil: timestamp('claimable_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_machine_code_idx').on(t.machineCode),
    uniqueIndex('devices_board_idx').on(t.boardSerial),
    index('devices_owner_idx').on(t.ownerId, t.state),
  ],
);

/** Binding history: who had the machine from when to when (SPEC §4 binding and unbind times). */
export const deviceBindings = pgTable(
  'device_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (t) => [index('device_bindings_device_idx').on(t.deviceId, t.boundAt)],
);

/** Every motherboard a machine has had: replacing one keeps the machine's identity and history. */
export const deviceBoards = pgTable(
  'device_boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    boardModel: varchar('board_model', { length: 16 }).notNull(),
    boardSerial: varchar('board_serial', { length: 16 }).notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('device_boards_device_idx').on(t.deviceId, t.fittedAt),
    index('device_boards_serial_idx').on(t.boardSerial),
  ],
);

/** Each change of runtime state, with when it began: statistics are computed from these, not samples. */
export const deviceStateChanges = pgTable(
  'device_state_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 16 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_state_changes_device_idx').on(t.deviceId, t.at)],
);

/** Faults and events the device reported (`dev/{sn}/event`) and those the cloud noted (offline, no response). */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** info, warning or fault. */
    level: varchar('level', { length: 8 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    message: varchar('message', { length: 500 }).notNull().default(''),
    data: jsonb('data'),
  },
  (t) => [index('device_events_device_idx').on(t.deviceId, t.at), index('device_events_code_idx').on(t.code)],
);

/** Remote commands and their lifecycle, kept here so a restart loses none and one instance sends each once. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    params: jsonb('params').notNull().default({}),
    /** A DEVICE_COMMAND_STATES value. */
    state: varchar('state', { length: 12 }).notNull().default('queued'),
    message: varchar('message', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not sent by then: expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.createdAt),
    index('device_commands_open_idx').on(t.state, t.expiresAt),
  ],
);

/**
 * A drive file sent to a machine to run (SPEC §4 drawing and task states). The `sendJob` command
 * carries it; the drawing state follows that command (queued: to-send; sent or delivered: sent) until
 * the machine reports the file received with the right SHA-256; the task state follows the machine's
 * job reports. Machines also report jobs they started themselves (from a USB stick, the panel): those
 * have no command and no file.
 */
export const deviceJobs = pgTable(
  'device_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The drive file it came from (null when the file is gone, or the machine started the job itself). */
    fileId: uuid('file_id'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** The content sent (a drive blob), kept so the job still downloads after the file moves or is renamed. */
    sha256: varchar('sha256', { length: 64 }).notNull().default(''),
    /** The machine's own id of a job it started itself. */
    machineJobId: varchar('machine_job_id', { length: 64 }),
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** null until started, then inProgress, done. */
    taskState: varchar('task_state', { length: 12 }),
    progress: real('progress').notNull().default(0),
    failure: varchar('failure', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_jobs_device_idx').on(t.deviceId, t.createdAt),
    index('device_jobs_command_idx').on(t.commandId),
    uniqueIndex('device_jobs_machine_job_idx').on(t.deviceId, t.machineJobId),
  ],
);

/**
 * Statistics of days that are over, kept once computed: seconds per runtime state per local day of a
 * time zone, for one scope (`user:{id}` — the machines bound to that user —, `all`, or `device:{id}`).
 * A day that has ended never changes (state changes are stored as they arrive), so a year of them is
 * read, not recomputed from millions of changes. A user's rows go when a machine is bound to them or
 * unbound (their set of machines changed). A day without any time has one row with state ''.
 */
export const deviceStatDays = pgTable(
  'device_stat_days',
  {
    scopeKey: varchar('scope_key', { length: 48 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeKey, t.timeZone, t.day, t.state] })],
);
