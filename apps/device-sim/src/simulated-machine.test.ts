import { describe, expect, it } from 'vitest';
import { type Behaviour, type MachineLink, SimulatedMachine, seededRandom } from './simulated-machine.js';

/** A link that records what the machine publishes and lets the test send commands. */
function fakeLink() {
  const sent: Array<{ kind: string; body: Record<string, unknown> }> = [];
  let handler: (payload: string) => void = () => undefined;
  const link: MachineLink = {
    async publish(topic, payload) {
      sent.push({ kind: topic.split('/')[2] ?? '', body: JSON.parse(payload) });
    },
    onCommand(h) {
      handler = h;
    },
  };
  return { link, sent, command: (body: Record<string, unknown>) => handler(JSON.stringify(body)) };
}

const clock = { now: () => Date.parse('2026-11-27T10:00:00Z'), after: (_ms: number, work: () => void) => work() };
const behaviour = (over: Partial<Behaviour> = {}): Behaviour => ({
  jobSeconds: 20,
  startChance: 1,
  faultChance: 0,
  faultTicks: 2,
  tickSeconds: 5,
  ackDelayMs: 0,
  autoStartSentJobs: true,
  ...over,
});

describe('a simulated machine', () => {
  it('starts a job, reports progress in telemetry, finishes it and goes idle', async () => {
    const { link, sent } = fakeLink();
    const machine = new SimulatedMachine('KF26A0000010', link, clock, seededRandom(1), behaviour());
    await machine.announce();
    await machine.tick(); // starts
    for (let i = 0; i < 4; i++) await machine.tick();
    const states = sent.filter((m) => m.kind === 'state').map((m) => m.body.state);
    expect(states).toEqual(['idle', 'running', 'idle']);
    const progress = sent.filter((m) => m.kind === 'telemetry').map((m) => m.body.progress);
    expect(progress).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(sent.filter((m) => m.kind === 'event').map((m) => m.body.code)).toEqual(['I001', 'I100']);
  });

  it('a fault stops the job with a fault event and clears after its ticks', async () => {
    const { link, sent } = fakeLink();
    const machine = new SimulatedMachine('S', link, clock, seededRandom(2), behaviour({ faultChance: 1 }));
    await machine.tick();
    await machine.tick();
    expect(machine.state).toBe('abnormal');
    expect(sent.find((m) => m.kind === 'event' && m.body.level === 'fault')?.body.code).toMatch(/^E\d{3}$/);
    await machine.tick();
    await machine.tick();
    expect(machine.state).toBe('idle');
  });

  it('answers commands: received, then the result; refuses what does not fit the state; a repeat is answered, not redone', async () => {
    const { link, sent, command } = fakeLink();
    const machine = new SimulatedMachine('S', link, clock, seededRandom(3), behaviour({ startChance: 0 }));
    const acks = () => sent.filter((m) => m.kind === 'ack').map((m) => [m.body.id, m.body.status, m.body.message]);
    await machine.command(JSON.stringify({ id: 'a', kind: 'pause' }));
    expect(acks()).toEqual([
      ['a', 'received', ''],
      ['a', 'failed', 'cannot pause while idle'],
    ]);
    command({ id: 'b', kind: 'start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await machine.command(JSON.stringify({ id: 'c', kind: 'pause' }));
    expect(machine.state).toBe('paused');
    await machine.command(JSON.stringify({ id: 'c', kind: 'pause' }));
    expect(acks().slice(-2)).toEqual([
      ['c', 'received', ''],
      ['c', 'succeeded', ''],
    ]);
    await machine.command(JSON.stringify({ id: 'd', kind: 'setPowerLimit', params: { percent: 70 } }));
    expect(machine.powerLimit).toBe(70);
    await machine.command(JSON.stringify({ id: 'e', kind: 'resume', expiresAt: '2026-11-27T09:59:00Z' }));
    expect(acks().at(-1)).toEqual(['e', 'failed', 'expired']);
    expect(machine.state).toBe('paused');
  });

  it('a sent job: downloads it, answers with its SHA-256, runs it and reports started, progress and done', async () => {
    const { link, sent } = fakeLink();
    const fetched: string[] = [];
    const machine = new SimulatedMachine(
      'S',
      link,
      clock,
      seededRandom(4),
      behaviour({ startChance: 0 }),
      async (url) => {
        fetched.push(url);
        return 'ab'.repeat(32);
      },
    );
    const jobId = '0b0f5a2e-8d1c-4c62-9a53-3f1d1c7c2a10';
    await machine.command(
      JSON.stringify({ id: 'j', kind: 'sendJob', params: { jobId, name: 'box.gcode', url: 'http://cloud/f?sig=1' } }),
    );
    expect(fetched).toEqual(['http://cloud/f?sig=1']);
    const acks = sent.filter((m) => m.kind === 'ack').map((m) => m.body);
    expect(acks).toEqual([
      { id: 'j', status: 'received', message: '' },
      { id: 'j', status: 'succeeded', message: '', data: { sha256: 'ab'.repeat(32) } },
    ]);
    expect(machine.state).toBe('running');
    for (let i = 0; i < 4; i++) await machine.tick();
    const reports = sent.filter((m) => m.kind === 'job').map((m) => [m.body.jobId, m.body.status, m.body.progress]);
    expect(reports).toEqual([
      [jobId, 'started', 0],
      [jobId, 'progress', 0.25],
      [jobId, 'progress', 0.5],
      [jobId, 'progress', 0.75],
      [jobId, 'done', 1],
    ]);
    expect(machine.state).toBe('idle');
  });

  it('a job that cannot be downloaded is answered failed and not run; a job of its own has a local id', async () => {
    const { link, sent } = fakeLink();
    const machine = new SimulatedMachine('S', link, clock, seededRandom(5), behaviour(), async () => {
      throw new Error('HTTP 403');
    });
    await machine.command(JSON.stringify({ id: 'k', kind: 'sendJob', params: { jobId: 'x', url: 'http://cloud/f' } }));
    expect(sent.filter((m) => m.kind === 'ack').at(-1)?.body).toEqual({
      id: 'k',
      status: 'failed',
      message: 'download failed: HTTP 403',
    });
    expect(machine.state).toBe('idle');
    await machine.tick();
    expect(sent.filter((m) => m.kind === 'job').map((m) => [m.body.jobId, m.body.status, m.body.name])).toEqual([
      ['job-1', 'started', 'Job 1'],
    ]);
  });

  it('the same seed gives the same day', async () => {
    const run = async () => {
      const { link, sent } = fakeLink();
      const machine = new SimulatedMachine(
        'S',
        link,
        clock,
        seededRandom(42),
        behaviour({ startChance: 0.3, faultChance: 0.2 }),
      );
      for (let i = 0; i < 50; i++) await machine.tick();
      return sent.filter((m) => m.kind !== 'telemetry');
    };
    expect(await run()).toEqual(await run());
  });
});
