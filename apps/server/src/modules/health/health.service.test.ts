import { describe, expect, it } from 'vitest';
import { type ComponentStatus, type HealthComponent, HealthService } from './health.service.js';

/** A component whose answer the test sets, counting how often it was asked. */
interface FakePart {
  calls: number;
  answer: { status: ComponentStatus; detail?: string };
  /** When set, checks wait for this before answering. */
  gate: Promise<void> | undefined;
  component: HealthComponent;
}

function fakePart(name: string): FakePart {
  const part: FakePart = {
    calls: 0,
    answer: { status: 'up' },
    gate: undefined,
    component: {
      name,
      kind: 'fake',
      check: async () => {
        part.calls++;
        await part.gate;
        return { ...part.answer };
      },
    },
  };
  return part;
}

function setUp(options: { maxAgeMs?: number; checkTimeoutMs?: number } = {}) {
  let clock = 1_000_000;
  const store = fakePart('blobStore');
  const database = fakePart('database');
  let installationReads = 0;
  const health = new HealthService(
    [database.component, store.component],
    {
      version: '1.2.3',
      installation: async () => {
        installationReads++;
        return { id: 'install-1', installedAt: new Date('2026-01-01T00:00:00Z'), startCount: 4 };
      },
    },
    { maxAgeMs: 2000, now: () => clock, ...options },
  );
  return {
    health,
    store,
    database,
    installationReads: () => installationReads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('HealthService', () => {
  it('answers calls within the interval from one round of checks', async () => {
    const { health, store, database, installationReads, advance } = setUp();
    const first = await health.report();
    expect(first.status).toBe('up');
    expect(first.installation).toEqual({ id: 'install-1', installedAt: '2026-01-01T00:00:00.000Z', startCount: 4 });
    for (let i = 0; i < 50; i++) {
      advance(30);
      expect((await health.report()).status).toBe('up');
    }
    expect(store.calls).toBe(1);
    expect(database.calls).toBe(1);
    expect(installationReads()).toBe(1);
    // Uptime is not frozen with the round.
    expect((await health.report()).uptimeSeconds).toBe(2);
  });

  it('probes again once the interval has passed, and reports a part gone down with its reason', async () => {
    const { health, store, database, advance } = setUp();
    await health.report();
    store.answer = { status: 'down', detail: 'disk not writable' };
    advance(1999);
    expect((await health.report()).status).toBe('up');
    advance(1);
    const report = await health.report();
    expect(store.calls).toBe(2);
    expect(database.calls).toBe(2);
    expect(report.status).toBe('down');
    expect(report.components.blobStore).toMatchObject({ status: 'down', kind: 'fake', detail: 'disk not writable' });
    expect(report.components.database).toMatchObject({ status: 'up' });

    store.answer = { status: 'up' };
    advance(2000);
    expect((await health.report()).status).toBe('up');
  });

  it('runs one round for all the calls that arrive while it is under way', async () => {
    const { health, store, advance } = setUp();
    await health.report();
    advance(5000);
    let open!: () => void;
    store.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const waiting = Array.from({ length: 20 }, () => health.report());
    await Promise.resolve();
    expect(store.calls).toBe(2);
    open();
    const reports = await Promise.all(waiting);
    expect(reports.every((r) => r.status === 'up')).toBe(true);
    expect(store.calls).toBe(2);
  });

  it('reports a part that does not answer in time as down, and asks it again next round', async () => {
    const { health, store, advance } = setUp({ checkTimeoutMs: 20 });
    store.gate = new Promise(() => {});
    const report = await health.report();
    expect(report.status).toBe('down');
    expect(report.components.blobStore).toMatchObject({ status: 'down', detail: 'no answer within 20 ms' });
    store.gate = undefined;
    advance(2000);
    expect((await health.report()).status).toBe('up');
    expect(store.calls).toBe(2);
  });
});
