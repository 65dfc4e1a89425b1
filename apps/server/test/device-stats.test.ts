import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceEvents, deviceStatDays, deviceStateChanges, devices } from '../src/db/schema.js';
import { DeviceRepository } from '../src/modules/device/device.repository.js';
import { DeviceJobRepository } from '../src/modules/device/device-job.repository.js';
import { DeviceStatsRepository } from '../src/modules/device/device-stats.repository.js';
import { DeviceStatsService } from '../src/modules/device/device-stats.service.js';
import { bootstrapRootToken, call } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { sampleMachine } from './device-helpers.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const H = 3600;

/**
 * Statistics against timelines worked out by hand: each stored change lasts until the next (the last
 * until now), days are cut at the asker's midnights (a 25-hour day where daylight saving ends), a state
 * stored twice or two changes at one instant are not counted twice, and nobody sees others' machines.
 */
describe.each(testDatabases)('device statistics on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let stats: DeviceStatsService;
  let admin: string;
  const ids: Record<string, string> = {};
  const now = new Date('2026-11-21T06:00:00Z');

  async function machine(name: string, n: number, ownerId: string, timeline: Array<[string, string]>) {
    const sample = sampleMachine(900 + n);
    const [row] = await db.db
      .insert(devices)
      .values({
        ...sample,
        ownerId,
        name,
        activatedAt: new Date('2026-01-01T00:00:00Z'),
        boundAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning({ id: devices.id });
    ids[name] = row!.id;
    await db.db
      .insert(deviceStateChanges)
      .values(timeline.map(([at, state]) => ({ deviceId: row!.id, state, at: new Date(at) })));
  }

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    await people.join('ada');
    await people.join('eve');
    const ada = people.userIds.ada!;
    await machine('A', 1, ada, [
      ['2026-11-19T20:00:00Z', 'idle'],
      ['2026-11-20T01:00:00Z', 'running'],
      ['2026-11-20T03:30:00Z', 'paused'],
      ['2026-11-20T04:00:00Z', 'running'],
      ['2026-11-20T10:00:00Z', 'abnormal'],
      ['2026-11-20T10:30:00Z', 'idle'],
      ['2026-11-20T15:00:00Z', 'offline'],
      ['2026-11-21T00:00:00Z', 'idle'],
      ['2026-11-21T02:00:00Z', 'noResponse'],
      ['2026-11-21T03:00:00Z', 'idle'],
    ]);
    // New York: daylight saving ends at 02:00 on 1 November 2026, so that local day has 25 hours.
    await machine('B', 2, ada, [['2026-10-31T12:00:00Z', 'idle']]);
    // The same state stored twice (two instances, or a repeated report) and two changes at one instant.
    await machine('C', 3, ada, [
      ['2026-11-20T00:00:00Z', 'idle'],
      ['2026-11-20T01:00:00Z', 'idle'],
      ['2026-11-20T02:00:00Z', 'paused'],
      ['2026-11-20T02:00:00Z', 'running'],
      ['2026-11-20T05:00:00Z', 'softShutdown'],
    ]);
    await machine('Eve', 4, people.userIds.eve!, [['2026-11-20T00:00:00Z', 'running']]);
    const event = (name: string, code: string, at: string, level = 'fault') => ({
      deviceId: ids[name]!,
      at: new Date(at),
      level,
      code,
      message: `${code} message`,
    });
    await db.db.insert(deviceEvents).values([
      event('A', 'E102', '2026-11-20T10:00:00Z'),
      event('A', 'E102', '2026-11-21T01:00:00Z'),
      event('C', 'E102', '2026-11-20T03:00:00Z'),
      event('C', 'E301', '2026-11-20T04:00:00Z'),
      event('A', 'W001', '2026-11-20T04:00:00Z', 'warning'),
      event('A', 'E999', '2026-11-19T15:00:00Z'), // 23:00 on the 19th in Shanghai: outside the range
      event('Eve', 'E500', '2026-11-20T04:00:00Z'),
    ]);
    const repository = new DeviceRepository(db.db);
    stats = new DeviceStatsService({
      devices: repository,
      stats: new DeviceStatsRepository(db.db),
      jobs: new DeviceJobRepository(db.db),
      now: () => now,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const mine = () => ({ userId: people.userIds.ada!, all: false });

  it('cuts days at Shanghai midnights; the last state lasts until now; no response counts as offline', async () => {
    const { days, totals } = await stats.stateTime(
      mine(),
      { from: '2026-11-20', to: '2026-11-21', timeZone: 'Asia/Shanghai' },
      ids.A,
    );
    // 20 Nov local = 19 Nov 16:00Z … 20 Nov 16:00Z; nothing is known before 20:00Z.
    expect(days[0]).toEqual({
      date: '2026-11-20',
      seconds: {
        running: 19 * H,
        processing: 8.5 * H,
        paused: 0.5 * H,
        fault: 0.5 * H,
        idle: 9.5 * H,
        shutdown: 0,
        offline: 1 * H,
      },
    });
    // 21 Nov local until now (14:00 local): offline 8 h, idle 2 h, no response 1 h, idle 3 h.
    expect(days[1]).toEqual({
      date: '2026-11-21',
      seconds: { running: 5 * H, processing: 0, paused: 0, fault: 0, idle: 5 * H, shutdown: 0, offline: 9 * H },
    });
    expect(totals).toMatchObject({ running: 24 * H, offline: 10 * H, processing: 8.5 * H });
  });

  it('the same timeline in UTC gives other days', async () => {
    const { days } = await stats.stateTime(mine(), { from: '2026-11-20', to: '2026-11-21', timeZone: 'UTC' }, ids.A);
    expect(days.map((d) => [d.seconds.idle / H, d.seconds.processing / H, d.seconds.offline / H])).toEqual([
      [5.5, 8.5, 9],
      [5, 0, 1],
    ]);
  });

  it('a local day with a daylight-saving change has its real length', async () => {
    const { days } = await stats.stateTime(
      mine(),
      { from: '2026-10-31', to: '2026-11-02', timeZone: 'America/New_York' },
      ids.B,
    );
    // 31 Oct: from 08:00 local (12:00Z) to midnight, 16 h; 1 Nov: 25 h; 2 Nov: 24 h.
    expect(days.map((d) => d.seconds.idle / H)).toEqual([16, 25, 24]);
  });

  it('a state stored twice, or two changes at one instant, are not counted twice', async () => {
    const { days } = await stats.stateTime(mine(), { from: '2026-11-20', to: '2026-11-20', timeZone: 'UTC' }, ids.C);
    // idle 00:00-02:00, running 02:00-05:00 (the paused change at the same instant lasts no time), shut down 05:00-24:00
    expect(days[0]!.seconds).toEqual({
      running: 5 * H,
      processing: 3 * H,
      paused: 0,
      fault: 0,
      idle: 2 * H,
      shutdown: 19 * H,
      offline: 0,
    });
  });

  it('all my machines together, and never another person’s', async () => {
    const { totals } = await stats.stateTime(mine(), { from: '2026-11-20', to: '2026-11-20', timeZone: 'UTC' });
    // processing: A 8.5 h + C 3 h; Eve's machine, running all day, is not counted
    expect(totals.processing).toBe(11.5 * H);
    await expect(
      stats.stateTime(mine(), { from: '2026-11-20', to: '2026-11-20', timeZone: 'UTC' }, ids.Eve),
    ).rejects.toThrow();
  });

  it('ranks fault codes in the range, in the asker’s days', async () => {
    const ranking = await stats.faults(mine(), { from: '2026-11-20', to: '2026-11-21', timeZone: 'Asia/Shanghai' });
    expect(ranking).toEqual([
      { code: 'E102', count: 3, message: 'E102 message', devices: 2 },
      { code: 'E301', count: 1, message: 'E301 message', devices: 1 },
    ]);
  });

  it('through the API: bad ranges and zones refused, other people’s machines not found, the fleet for admins', async () => {
    const ada = people.tokens.ada!;
    const url = '/cloud-api/device/stats/state-time';
    const ok = await call(app, 'GET', `${url}?from=2026-11-20&to=2026-11-21&tz=Asia/Shanghai&deviceId=${ids.A}`, {
      token: ada,
    });
    expect(ok.body.data.days).toHaveLength(2);
    expect(ok.body.data.days[0].date).toBe('2026-11-20');
    const backwards = await call(app, 'GET', `${url}?from=2026-11-21&to=2026-11-20`, { token: ada, lang: 'en' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('at most 366 days');
    expect((await call(app, 'GET', `${url}?from=2025-01-01&to=2026-11-20`, { token: ada })).status).toBe(400);
    expect(
      (await call(app, 'GET', `${url}?from=2026-11-20&to=2026-11-20&tz=Mars/Olympus`, { token: ada })).status,
    ).toBe(400);
    expect(
      (await call(app, 'GET', `${url}?from=2026-11-20&to=2026-11-20&deviceId=${ids.Eve}`, { token: ada })).status,
    ).toBe(404);
    expect((await call(app, 'GET', `${url}?from=2026-11-20&to=2026-11-20`)).status).toBe(401);
    expect((await call(app, 'GET', `${url}?from=2026-11-20&to=2026-11-20&scope=all`, { token: ada })).status).toBe(403);
    const fleet = await call(
      app,
      'GET',
      `/cloud-api/device/stats/faults?from=2026-11-20&to=2026-11-20&tz=UTC&scope=all`,
      { token: admin },
    );
    expect(fleet.body.data.map((f: { code: string }) => f.code)).toEqual(['E102', 'E301', 'E500']);
  });

  it('per machine, the same seconds as each machine alone, whether computed or read from the kept days', async () => {
    const range = { from: '2026-11-19', to: '2026-11-21', timeZone: 'Asia/Tokyo' };
    const forget = () => db.db.delete(deviceStatDays).where(eq(deviceStatDays.timeZone, 'Asia/Tokyo'));
    await forget();
    // computed by the per-machine query…
    const perMachine = await stats.byDevice(mine(), range);
    expect(perMachine.map((m) => m.name).sort()).toEqual(['A', 'B', 'C']);
    // …and by each machine's own, from nothing kept: the two agree
    await forget();
    for (const machine of perMachine) {
      expect(machine.seconds, machine.name).toEqual((await stats.stateTime(mine(), range, machine.deviceId)).totals);
    }
    // read back from what the machines' own queries kept
    expect(await stats.byDevice(mine(), range)).toEqual(perMachine);
    const kept = await db.db
      .select()
      .from(deviceStatDays)
      .where(and(eq(deviceStatDays.scopeKey, `device:${ids.A}`), eq(deviceStatDays.timeZone, 'Asia/Tokyo')));
    // the 19th and 20th are over in Tokyo (now is 15:00 on the 21st there): kept; the 21st is not
    expect([...new Set(kept.map((row) => row.day))].sort()).toEqual(['2026-11-19', '2026-11-20']);
  });

  // Last: it binds another machine to ada.
  it('keeps days that are over and reads them again; binding a machine with a past recomputes them', async () => {
    const day = { from: '2026-11-20', to: '2026-11-20', timeZone: 'Europe/Berlin' };
    const first = await stats.stateTime(mine(), day);
    const kept = await db.db
      .select()
      .from(deviceStatDays)
      .where(
        and(eq(deviceStatDays.scopeKey, `user:${people.userIds.ada}`), eq(deviceStatDays.timeZone, 'Europe/Berlin')),
      );
    expect(kept.map((row) => row.day)).toContain('2026-11-20');
    expect(await stats.stateTime(mine(), day)).toEqual(first);
    // today is not kept: it is still going on
    await stats.stateTime(mine(), { from: '2026-11-21', to: '2026-11-21', timeZone: 'Europe/Berlin' });
    const today = await db.db
      .select()
      .from(deviceStatDays)
      .where(and(eq(deviceStatDays.day, '2026-11-21'), eq(deviceStatDays.timeZone, 'Europe/Berlin')));
    expect(today).toEqual([]);

    // a machine that ran all of the 20th (Berlin) is bound to ada: her 20th now has its 24 hours more
    const sample = sampleMachine(950);
    const [row] = await db.db
      .insert(devices)
      .values({ ...sample, name: 'D' })
      .returning({ id: devices.id });
    await db.db
      .insert(deviceStateChanges)
      .values({ deviceId: row!.id, state: 'running', at: new Date('2026-11-19T12:00:00Z') });
    const bound = await new DeviceRepository(db.db).bind(
      row!.id,
      people.userIds.ada!,
      { activationDate: '2026-11-21', responsiblePerson: 'A', contactPhone: '13800138000', address: '', remark: '' },
      now,
      now,
    );
    expect(bound).not.toBeNull();
    const after = await stats.stateTime(mine(), day);
    expect(after.totals.processing - first.totals.processing).toBe(24 * H);
  });
});
