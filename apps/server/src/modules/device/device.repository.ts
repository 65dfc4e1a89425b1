import { and, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deviceBindings, deviceBoards, deviceStatDays, devices } from '../../db/schema.js';

export type DeviceRow = typeof devices.$inferSelect;
export type RegisteredDevice = Pick<
  typeof devices.$inferInsert,
  'machineCode' | 'machineId' | 'boardModel' | 'boardSerial' | 'version' | 'image'
>;

/** Who asks: a user sees the machines bound to them; `all` (the fleet permission) sees every machine. */
export type DeviceScope = { userId: string; all: boolean };

export interface DeviceListFilter {
  state?: string;
  model?: string;
  keyword?: string;
}

export interface ActivationRecord {
  activationDate: string;
  responsiblePerson: string;
  contactPhone: string;
  address: string;
  remark: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Machines: the maker's registry, activation and binding, boards, and the owner's view. Calls made for
 * a user name the user (`DeviceScope`), and only the fleet scope reaches machines bound to others.
 */
export class DeviceRepository {
  constructor(readonly db: Database) {}

  private visible(scope: DeviceScope): SQL | undefined {
    return scope.all ? undefined : eq(devices.ownerId, scope.userId);
  }

  /** Of these codes and serials, the ones already registered. */
  async registered(machineCodes: string[], boardSerials: string[]) {
    if (!machineCodes.length && !boardSerials.length)
      return { machineCodes: new Set<string>(), boardSerials: new Set<string>() };
    const rows = await this.db
      .select({ machineCode: devices.machineCode, boardSerial: devices.boardSerial })
      .from(devices)
      .where(
        or(
          machineCodes.length ? inArray(devices.machineCode, machineCodes) : undefined,
          boardSerials.length ? inArray(devices.boardSerial, boardSerials) : undefined,
        ),
      );
    return {
      machineCodes: new Set(rows.map((r) => r.machineCode)),
      boardSerials: new Set(rows.map((r) => r.boardSerial)),
    };
  }

  /** Registers machines with their first boards, all or none. */
  async register(rows: RegisteredDevice[], now: Date): Promise<number> {
    if (!rows.length) return 0;
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(devices)
        .values(rows.map((r) => ({ ...r, stateSince: now })))
        .returning({ id: devices.id, boardModel: devices.boardModel, boardSerial: devices.boardSerial });
      await tx.insert(deviceBoards).values(
        inserted.map((d) => ({
          deviceId: d.id,
          boardModel: d.boardModel,
          boardSerial: d.boardSerial,
          fittedAt: now,
        })),
      );
      return inserted.length;
    });
  }

  async findByMachineCode(machineCode: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db.select().from(devices).where(eq(devices.machineCode, machineCode)).limit(1);
    return row;
  }

  async findByBoard(boardModel: string, boardSerial: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.boardModel, boardModel), eq(devices.boardSerial, boardSerial)))
      .limit(1);
    return row;
  }

  async boardSerialTaken(boardSerial: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.boardSerial, boardSerial))
      .limit(1);
    return !!row;
  }

  /**
   * Binds an unbound machine to the user, activating it if it never was (the first activation date
   * stays). Null when someone bound it first.
   */
  async bind(deviceId: string, userId: string, record: ActivationRecord, now: Date, claimableUntil: Date) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(devices)
        .set({
          ownerId: userId,
          boundAt: now,
          unboundAt: null,
          activatedAt: sql`coalesce(${devices.activatedAt}, ${now.toISOString()}::timestamptz)`,
          activationDate: sql`coalesce(${devices.activationDate}, ${record.activationDate}::date)`,
          responsiblePerson: record.responsiblePerson,
          contactPhone: record.contactPhone,
          address: record.address,
          remark: record.remark,
          // The new owner's machine fetches a fresh credential; the old one stops working.
          credentialHash: null,
          credentialClaimedAt: null,
          claimableUntil,
          updatedAt: now,
        })
        .where(and(eq(devices.id, deviceId), isNull(devices.ownerId)))
        .returning();
      if (!row) return null;
      await tx.insert(deviceBindings).values({ deviceId, userId, boundAt: now });
      // the user's machines changed: their kept statistics no longer add up
      await tx.delete(deviceStatDays).where(eq(deviceStatDays.scopeKey, `user:${userId}`));
      return row;
    });
  }

  /** Fits a new board: the old credential is dropped in the same write, the board history kept. */
  async changeBoard(
    deviceId: string,
    userId: string,
    board: { model: string; serial: string },
    now: Date,
    claimableUntil: Date,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(devices)
        .set({
          boardModel: board.model,
          boardSerial: board.serial,
          credentialHash: null,
          credentialClaimedAt: null,
          claimableUntil,
          updatedAt: now,
        })
        .where(and(eq(devices.id, deviceId), eq(devices.ownerId, userId)))
        .returning();
      if (!row) return null;
      await tx
        .update(deviceBoards)
        .set({ removedAt: now, removedBy: userId })
        .where(and(eq(deviceBoards.deviceId, deviceId), isNull(deviceBoards.removedAt)));
      await tx
        .insert(deviceBoards)
        .values({ deviceId, boardModel: board.model, boardSerial: board.serial, fittedAt: now });
      return row;
    });
  }

  /** Stores the credential the fitted board claimed, if its claim window is open; null otherwise. */
  async claimCredential(machineCode: string, boardSerial: string, credentialHash: string, now: Date) {
    const [row] = await this.db
      .update(devices)
      .set({ credentialHash, credentialClaimedAt: now, claimableUntil: null, updatedAt: now })
      .where(
        and(
          eq(devices.machineCode, machineCode),
          eq(devices.boardSerial, boardSerial),
          gt(devices.claimableUntil, now),
        ),
      )
      .returning({ id: devices.id });
    return row ?? null;
  }

  async credentialHashOf(machineCode: string): Promise<string | null> {
    const [row] = await this.db
      .select({ hash: devices.credentialHash })
      .from(devices)
      .where(and(eq(devices.machineCode, machineCode), sql`${devices.ownerId} is not null`))
      .limit(1);
    return row?.hash ?? null;
  }

  async list(scope: DeviceScope, filter: DeviceListFilter, page: { offset: number; limit: number }) {
    const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : null;
    const where = and(
      this.visible(scope),
      scope.all ? undefined : sql`${devices.ownerId} is not null`,
      filter.state ? eq(devices.state, filter.state) : undefined,
      filter.model ? eq(devices.boardModel, filter.model) : undefined,
      keyword
        ? or(ilike(devices.name, keyword), ilike(devices.machineCode, keyword), ilike(devices.machineId, keyword))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(devices)
        .where(where)
        .orderBy(desc(devices.boundAt), devices.machineCode)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(devices).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The machine models among the machines in scope, for the list's filter. */
  async models(scope: DeviceScope): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ model: devices.boardModel })
      .from(devices)
      .where(this.visible(scope))
      .orderBy(devices.boardModel);
    return rows.map((r) => r.model);
  }

  async get(scope: DeviceScope, id: string): Promise<DeviceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), this.visible(scope)))
      .limit(1);
    return row;
  }

  async rename(scope: DeviceScope, id: string, name: string, power: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ name, power, updatedAt: now })
      .where(and(eq(devices.id, id), this.visible(scope)))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  /** Unbinds: the machine keeps its activation and history; its credential stops working. */
  async unbind(scope: DeviceScope, id: string, now: Date): Promise<DeviceRow | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ ownerId: devices.ownerId })
        .from(devices)
        .where(eq(devices.id, id))
        .for('update')
        .limit(1);
      const previousOwner = before?.ownerId;
      const [row] = await tx
        .update(devices)
        .set({ ownerId: null, unboundAt: now, credentialHash: null, claimableUntil: null, updatedAt: now })
        .where(and(eq(devices.id, id), this.visible(scope), sql`${devices.ownerId} is not null`))
        .returning();
      if (!row) return null;
      await tx
        .update(deviceBindings)
        .set({ unboundAt: now })
        .where(and(eq(deviceBindings.deviceId, id), isNull(deviceBindings.unboundAt)));
      await tx.delete(deviceStatDays).where(eq(deviceStatDays.scopeKey, `user:${previousOwner}`));
      return row;
    });
  }

  async bindings(deviceId: string) {
    return this.db
      .select()
      .from(deviceBindings)
      .where(eq(deviceBindings.deviceId, deviceId))
      .orderBy(desc(deviceBindings.boundAt));
  }

  async boards(deviceId: string) {
    return this.db
      .select()
      .from(deviceBoards)
      .where(eq(deviceBoards.deviceId, deviceId))
      .orderBy(desc(deviceBoards.fittedAt));
  }
}
