import { index, integer, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The operation log: one row per change made through the API (POST, PUT, PATCH, DELETE), written in
 * batches off the request's path. The person's name is read from `users` when the log is shown.
 */
export const sysOperLogs = pgTable(
  'sys_oper_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    module: varchar('module', { length: 50 }).notNull(),
    businessType: varchar('business_type', { length: 10 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    route: varchar('route', { length: 200 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    params: text('params').notNull().default(''),
    /** 0 succeeded, 1 failed. */
    status: smallint('status').notNull(),
    httpStatus: integer('http_status').notNull(),
    errorMsg: varchar('error_msg', { length: 500 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    costMs: integer('cost_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // ascending: read backwards, they serve "newest first" (ORDER BY … DESC, whose nulls come first)
    index('sys_oper_logs_created_idx').on(t.createdAt, t.id),
    index('sys_oper_logs_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);
