import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------------
// Dictionaries (SPEC §3 dictionary data, §7 `/system/dict/...`): enumerations with a label in each
// language, kept as data so staff can reword them.

/** A dictionary: its type key (e.g. `order_state`) and its name in each language. */
export const sysDictTypes = pgTable(
  'sys_dict_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    nameCn: varchar('name_cn', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    /** '0' in use, '1' off. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** Shipped with Kerf and read by its pages: cannot be deleted or retyped, only reworded. */
    builtin: boolean('builtin').notNull().default(false),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_dict_types_type_idx').on(t.dictType)],
);

/** One entry of a dictionary: a value with its labels and display classes, in `sort` order. */
export const sysDictData = pgTable(
  'sys_dict_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    labelCn: varchar('label_cn', { length: 100 }).notNull(),
    labelEn: varchar('label_en', { length: 100 }).notNull().default(''),
    value: varchar('value', { length: 100 }).notNull(),
    listClass: varchar('list_class', { length: 16 }).notNull().default(''),
    cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_dict_data_value_idx').on(t.dictType, t.value),
    index('sys_dict_data_sort_idx').on(t.dictType, t.sort),
  ],
);
