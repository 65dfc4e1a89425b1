import { DEVICE_EVENT_LEVELS, DEVICE_JOB_REPORTS, DEVICE_LIMITS, DEVICE_REPORTED_STATES } from '@kerf/contract';
import { z } from 'zod';
import type { DeviceUplink } from '../../infra/broker/device-topics.js';
import type { JobReport } from './device-job.repository.js';
import type { CommandRow, DeviceRuntimeRepository, StateChange } from './device-runtime.repository.js';

/** The payloads of docs/device-protocol.md; anything else on a device topic is dropped and counted. */
const statePayload = z.object({ state: z.enum([...DEVICE_REPORTED_STATES, 'offline']) });
const TELEMETRY_MAX_BYTES = 4096;
const eventPayload = z.object({
  level: z.enum(DEVICE_EVENT_LEVELS),
  code: z.string().min(1).max(32),
  message: z.string().max(500).default(''),
  data: z.record(z.string(), z.unknown()).optional(),
});
const ackPayload = z.object({
  id: z.uuid(),
  status: z.enum(['received', 'succeeded', 'failed']),
  message: z.string().max(500).default(''),
  /** With a `sendJob` answered `succeeded`: `{"sha256": …}` of the file the machine fetched. */
  data: z.record(z.string(), z.unknown()).optional(),
});
const jobPayload = z.object({
  jobId: z.string().min(1).max(64),
  status: z.enum(DEVICE_JOB_REPORTS),
  progress: z.number().min(0).max(1).optional(),
  message: z.string().max(500).default(''),
  name: z.string().max(255).optional(),
});

/** What the ingest needs of jobs: checking a delivered file, storing the machine's job reports. */
export interface JobIngest {
  /** False when the machine's file is not the one sent (its SHA-256 differs or is missing). */
  confirmDelivery(command: CommandRow, data: Record<string, unknown> | undefined, at: Date): Promise<boolean>;
  report(serial: string, report: JobReport, at: Date): Promise<JobChange | null>;
}

/** A command whose state moved: enough to tell its owner's pages to read it again. */
export type CommandChange = Pick<CommandRow, 'id' | 'deviceId' | 'userId' | 'state'>;

export interface JobChange {
  deviceId: string;
  ownerId: string | null;
  jobId: string;
}

/**
 * Telemetry is most of what machines send. Each message only moves the machine's last-seen time and
 * replaces its telemetry, so messages are gathered for this long (or this many machines) and stored in
 * one statement: a thousand machines reporting every second cost a few statements a second, not a
 * thousand. State changes, events and answers are stored at once, in order.
 */
const TELEMETRY_FLUSH_MS = 250;
const TELEMETRY_FLUSH_SIZE = 2000;

/** Who hears about changes as they are stored (the live push; tests). */
export interface DeviceListener {
  state?(change: StateChange): void;
  command?(command: CommandChange): void;
  job?(change: JobChange): void;
}

/**
 * Turns what machines publish into stored facts: their state and its history, telemetry, events and
 * command answers; and concludes "no response" for a connected machine that has gone silent.
 */
export class DeviceIngestService {
  private readonly listeners = new Set<DeviceListener>();
  /** Messages that were not the protocol's, by topic kind (for the log and the bench). */
  readonly dropped: Record<DeviceUplink, number> = { state: 0, telemetry: 0, event: 0, ack: 0, job: 0 };
  /** Telemetry waiting to be stored, the latest per machine. */
  private pending = new Map<string, { at: Date; telemetry: unknown }>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      runtime: DeviceRuntimeRepository;
      jobs?: JobIngest;
      /** A machine came online: its queued commands can go now. */
      onReachable?: (deviceId: string) => void;
      inactivityMs?: number;
      now?: () => Date;
    },
  ) {}

  listen(listener: DeviceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private changed(change: StateChange | null) {
    if (!change) return;
    for (const l of this.listeners) l.state?.(change);
    const wasAway = change.previous === 'offline' || change.previous === 'softShutdown';
    if (wasAway && change.state !== 'offline' && change.state !== 'softShutdown')
      this.deps.onReachable?.(change.deviceId);
  }

  commandChanged(command: CommandChange | null) {
    if (!command) return;
    for (const l of this.listeners) l.command?.(command);
  }

  /**
   * One message from `dev/{serial}/{kind}`. `retained`: the broker replayed the last retained state on
   * subscribing (after a restart); it tells the state but is not a sign of life.
   */
  async handle(serial: string, kind: DeviceUplink, payload: Buffer, retained = false): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      this.dropped[kind]++;
      return;
    }
    const at = this.now();
    if (kind === 'state') {
      const parsed = statePayload.safeParse(body);
      if (!parsed.success) {
        this.dropped.state++;
        return;
      }
      const state = parsed.data.state;
      this.changed(await this.deps.runtime.setState(serial, state, state, at, !retained));
      return;
    }
    if (kind === 'telemetry') {
      if (typeof body !== 'object' || body === null || Array.isArray(body) || payload.length > TELEMETRY_MAX_BYTES) {
        this.dropped.telemetry++;
        return;
      }
      this.pending.set(serial, { at, telemetry: body });
      if (this.pending.size >= TELEMETRY_FLUSH_SIZE) await this.flush();
      else this.flushTimer ??= setTimeout(() => void this.flush().catch(() => undefined), TELEMETRY_FLUSH_MS);
      return;
    }
    if (kind === 'event') {
      const parsed = eventPayload.safeParse(body);
      if (!parsed.success) {
        this.dropped.event++;
        return;
      }
      await this.alive(serial, at);
      await this.deps.runtime.addEvent(serial, { at, ...parsed.data });
      return;
    }
    if (kind === 'job') {
      const parsed = jobPayload.safeParse(body);
      if (!parsed.success || !this.deps.jobs) {
        this.dropped.job++;
        return;
      }
      await this.alive(serial, at);
      const change = await this.deps.jobs.report(serial, parsed.data, at);
      if (change) for (const l of this.listeners) l.job?.(change);
      return;
    }
    const parsed = ackPayload.safeParse(body);
    if (!parsed.success) {
      this.dropped.ack++;
      return;
    }
    await this.alive(serial, at);
    const { id, status, message, data } = parsed.data;
    let state: 'delivered' | 'succeeded' | 'failed' = status === 'received' ? 'delivered' : status;
    let text = message;
    if (state === 'succeeded' && this.deps.jobs) {
      // a job's file counts as delivered only when its hash is the one sent, whatever the machine says
      const command = await this.deps.runtime.commandOf(serial, id);
      if (command?.kind === 'sendJob' && !(await this.deps.jobs.confirmDelivery(command, data, at))) {
        state = 'failed';
        text = 'SHA-256 mismatch';
      }
    }
    this.commandChanged(await this.deps.runtime.answer(serial, id, state, text, at));
  }

  /** The machine spoke: it is alive, and if it had been silent it is back in the state it last reported. */
  private async alive(serial: string, at: Date) {
    const device = await this.deps.runtime.seen(serial, at);
    if (device?.state === 'noResponse') {
      this.changed(await this.deps.runtime.setState(serial, device.reportedState, device.reportedState, at));
    }
  }

  /**
   * Stores the telemetry gathered so far; a machine that was "no response" is back in the state it last
   * reported. One flush at a time, so two batches never race for the same machine.
   */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.pending;
    if (batch.size === 0) return this.flushing.catch(() => undefined);
    this.pending = new Map();
    // a failed batch (the database away) is lost like a dropped message; the next one goes on
    this.flushing = this.flushing
      .catch(() => undefined)
      .then(async () => {
        const rows = await this.deps.runtime.seenMany(
          [...batch].map(([serial, { at, telemetry }]) => ({ serial, at, telemetry })),
        );
        for (const row of rows) {
          if (row.state !== 'noResponse') continue;
          const at = batch.get(row.serial)?.at ?? this.now();
          this.changed(await this.deps.runtime.setState(row.serial, row.reported_state, row.reported_state, at));
        }
      });
    return this.flushing;
  }

  /** Connected machines silent past the inactivity timeout are "no response" (not "running" while mute). */
  async markSilent(): Promise<number> {
    // telemetry still in hand is a sign of life the database has not seen yet
    await this.flush();
    const now = this.now();
    const silent = await this.deps.runtime.silentSince(
      new Date(now.getTime() - (this.deps.inactivityMs ?? DEVICE_LIMITS.inactivityMs)),
    );
    for (const device of silent) this.changed(await this.deps.runtime.setState(device.serial, 'noResponse', null, now));
    return silent.length;
  }
}
