/**
 * One simulated laser machine speaking docs/device-protocol.md. Its behaviour is a small state
 * machine stepped by a clock, with a seeded random source, so a test can drive it tick by tick and a
 * demo can run hundreds of them with realistic jobs, faults, slow answers, drops and shutdowns.
 */

export type MachineState = 'idle' | 'running' | 'paused' | 'abnormal' | 'softShutdown';

/** How the machine reaches the broker (an MQTT client in the CLI, a fake in unit tests). */
export interface MachineLink {
  publish(topic: string, payload: string, options?: { retain?: boolean }): Promise<void>;
  /** Commands arriving on `dev/{sn}/cmd`. */
  onCommand(handler: (payload: string) => void): void;
}

/** Fetches a job's G-code from its signed address and says its SHA-256 (hex), as firmware checks it. */
export type JobDownloader = (url: string) => Promise<string>;

export interface SimClock {
  now(): number;
  after(ms: number, work: () => void): void;
}

export interface Behaviour {
  /** How long a job runs, seconds. */
  jobSeconds: number;
  /** Chance, per tick while idle, that the operator starts a job. */
  startChance: number;
  /** Chance, per tick while running, of a fault (lid open, water too warm…). */
  faultChance: number;
  /** Ticks a fault lasts before the operator clears it. */
  faultTicks: number;
  /** Seconds between ticks; each tick sends telemetry. */
  tickSeconds: number;
  /** Delay before answering a command, ms (slow acks). */
  ackDelayMs: number;
  /** The operator presses start as soon as a job sent from the cloud has arrived (else a `start` command runs it). */
  autoStartSentJobs: boolean;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  jobSeconds: 60,
  startChance: 0.2,
  faultChance: 0.01,
  faultTicks: 3,
  tickSeconds: 5,
  ackDelayMs: 0,
  autoStartSentJobs: true,
};

/** A job on the machine: one the cloud sent (its id) or one started at the panel (the machine's own id). */
interface Job {
  id: string;
  name: string;
}

interface Answer {
  status: 'succeeded' | 'failed';
  message: string;
  data?: { sha256: string };
}

interface Command {
  id: string;
  kind: string;
  params?: Record<string, unknown>;
  expiresAt?: string;
}

const FAULTS = [
  { code: 'E102', message: 'Lid opened while cutting' },
  { code: 'E201', message: 'Cooling water above 30 °C' },
  { code: 'E310', message: 'Air assist pressure low' },
];

/** Mulberry32: a small seeded generator, so runs can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class SimulatedMachine {
  state: MachineState = 'idle';
  progress = 0;
  powerLimit = 100;
  jobNumber = 0;
  private faultLeft = 0;
  /** A job received from the cloud and not started yet. */
  loadedJob: Job | null = null;
  currentJob: Job | null = null;
  /** Answers already given, by command id: a command delivered twice is answered again, not redone. */
  private readonly answered = new Map<string, Answer>();

  constructor(
    readonly serial: string,
    private readonly link: MachineLink,
    private readonly clock: SimClock,
    private readonly random: () => number,
    private readonly behaviour: Behaviour = DEFAULT_BEHAVIOUR,
    private readonly download?: JobDownloader,
  ) {
    link.onCommand((payload) => {
      void this.command(payload);
    });
  }

  private topic(kind: string) {
    return `dev/${this.serial}/${kind}`;
  }

  private async setState(state: MachineState) {
    this.state = state;
    await this.link.publish(this.topic('state'), JSON.stringify({ state }), { retain: true });
  }

  private event(level: 'info' | 'warning' | 'fault', code: string, message: string) {
    return this.link.publish(this.topic('event'), JSON.stringify({ level, code, message }));
  }

  /** Says its state on connecting. */
  async announce() {
    await this.setState(this.state);
  }

  /** One step of the day: start, progress or finish a job, perhaps a fault; then telemetry. */
  async tick() {
    const b = this.behaviour;
    if (this.state === 'idle' && this.random() < b.startChance) {
      await this.startJob();
    } else if (this.state === 'running') {
      if (this.random() < b.faultChance) {
        await this.fault(FAULTS[Math.floor(this.random() * FAULTS.length)] ?? FAULTS[0]!);
      } else {
        this.progress = Math.min(1, this.progress + b.tickSeconds / b.jobSeconds);
        if (this.progress >= 1) {
          await this.event('info', 'I100', `Job ${this.jobNumber} finished`);
          await this.endJob('done');
          await this.setState('idle');
        } else {
          await this.reportJob('progress');
        }
      }
    } else if (this.state === 'abnormal' && --this.faultLeft <= 0) {
      this.progress = 0;
      await this.event('info', 'I110', 'Fault cleared');
      await this.setState('idle');
    }
    if (this.state !== 'softShutdown') await this.telemetry();
  }

  private async fault(fault: { code: string; message: string }) {
    this.faultLeft = this.behaviour.faultTicks;
    await this.setState('abnormal');
    await this.event('fault', fault.code, fault.message);
    await this.endJob('failed', fault.message);
  }

  /** A fault now, whatever the dice say (demos and tests): `E102` lid opened, `E201` water, `E310` air. */
  async raiseFault(code = 'E102') {
    const fault = FAULTS.find((f) => f.code === code) ?? { code, message: `Fault ${code}` };
    if (this.state === 'running' || this.state === 'paused' || this.state === 'idle') await this.fault(fault);
  }

  /** The operator presses start at the panel: the loaded job, or one of their own. */
  async operatorStart() {
    if (this.state === 'idle') await this.startJob();
  }

  /** Starts the job the cloud sent, if one is loaded, else one of the operator's own. */
  private async startJob() {
    this.jobNumber++;
    this.progress = 0;
    this.currentJob = this.loadedJob ?? { id: `job-${this.jobNumber}`, name: `Job ${this.jobNumber}` };
    this.loadedJob = null;
    await this.setState('running');
    await this.event('info', 'I001', `Job ${this.jobNumber} started`);
    await this.reportJob('started');
  }

  private reportJob(status: 'started' | 'progress' | 'done' | 'failed', message = '') {
    const job = this.currentJob;
    if (!job) return Promise.resolve();
    const progress = Math.round(this.progress * 1000) / 1000;
    return this.link.publish(
      this.topic('job'),
      JSON.stringify({ jobId: job.id, status, progress, message, name: job.name }),
    );
  }

  private async endJob(status: 'done' | 'failed', message = '') {
    await this.reportJob(status, message);
    this.currentJob = null;
  }

  async telemetry() {
    const power = this.state === 'running' ? Math.round(60 * (this.powerLimit / 100) * (0.8 + 0.2 * this.random())) : 0;
    await this.link.publish(
      this.topic('telemetry'),
      JSON.stringify({
        power,
        powerLimit: this.powerLimit,
        progress: Math.round(this.progress * 1000) / 1000,
        jobId: this.currentJob?.id ?? null,
        temperatures: { water: Math.round((22 + 6 * this.random()) * 10) / 10 },
      }),
    );
  }

  /** A soft shutdown: the state, then the caller disconnects cleanly. */
  async shutDown() {
    await this.setState('softShutdown');
  }

  private answer(id: string, status: 'received' | 'succeeded' | 'failed', message = '', data?: Answer['data']) {
    return this.link.publish(this.topic('ack'), JSON.stringify({ id, status, message, ...(data ? { data } : {}) }));
  }

  /** Acts on a command as firmware would: received at once (after the ack delay), then the result. */
  async command(payload: string) {
    let command: Command;
    try {
      command = JSON.parse(payload);
    } catch {
      return;
    }
    if (!command?.id) return;
    await new Promise<void>((resolve) => this.clock.after(this.behaviour.ackDelayMs, resolve));
    await this.answer(command.id, 'received');
    const earlier = this.answered.get(command.id);
    const result =
      earlier ??
      (command.expiresAt && Date.parse(command.expiresAt) < this.clock.now()
        ? { status: 'failed' as const, message: 'expired' }
        : await this.act(command));
    this.answered.set(command.id, result);
    await this.answer(command.id, result.status, result.message, result.data);
    if (command.kind === 'sendJob' && result.status === 'succeeded' && !earlier) await this.jobArrived();
  }

  /** A sent job is on the machine: the operator starts it when the machine is free. */
  private async jobArrived() {
    if (this.behaviour.autoStartSentJobs && this.state === 'idle') await this.startJob();
  }

  private async act(command: Command): Promise<Answer> {
    const ok = { status: 'succeeded' as const, message: '' };
    const refuse = (message: string) => ({ status: 'failed' as const, message });
    switch (command.kind) {
      case 'start':
        if (this.state !== 'idle') return refuse(`cannot start while ${this.state}`);
        await this.startJob();
        return ok;
      case 'pause':
        if (this.state !== 'running') return refuse(`cannot pause while ${this.state}`);
        await this.setState('paused');
        return ok;
      case 'resume':
        if (this.state !== 'paused') return refuse(`cannot resume while ${this.state}`);
        await this.setState('running');
        return ok;
      case 'stop':
        if (this.state !== 'running' && this.state !== 'paused') return refuse(`nothing to stop while ${this.state}`);
        await this.endJob('failed', 'stopped');
        this.progress = 0;
        await this.setState('idle');
        return ok;
      case 'setPowerLimit': {
        const percent = Number(command.params?.percent);
        if (!(percent >= 1 && percent <= 100)) return refuse('power limit out of range');
        this.powerLimit = percent;
        await this.telemetry();
        return ok;
      }
      case 'sendJob': {
        const url = String(command.params?.url ?? '');
        const jobId = String(command.params?.jobId ?? '');
        if (!this.download || !url || !jobId) return refuse('cannot download jobs');
        try {
          const sha256 = await this.download(url);
          this.loadedJob = { id: jobId, name: String(command.params?.name ?? jobId) };
          return { ...ok, data: { sha256 } };
        } catch (error) {
          return refuse(`download failed: ${(error as Error).message}`);
        }
      }
      default:
        return refuse(`unknown command ${command.kind}`);
    }
  }
}
