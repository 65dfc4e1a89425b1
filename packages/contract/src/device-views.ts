import type {
  DeviceCommandKind,
  DeviceCommandState,
  DeviceEventLevel,
  DeviceRuntimeState,
  DeviceStatCategory,
} from './device.js';

/** What the device calls answer (the server's response schemas are checked against these). */

/** SPEC §3 Device, as the caller sees it. */
export interface DeviceInfo {
  id: string;
  machineCode: string;
  machineId: string;
  boardModel: string;
  boardSerial: string;
  version: string;
  image: string;
  name: string;
  power: number | null;
  activationState: 'notActivated' | 'activated';
  bindingState: 'bound' | 'unbound';
  /** mine: bound to the caller; other: bound to someone else (never who). */
  binding: 'unbound' | 'mine' | 'other';
  activatedAt: string | null;
  activationDate: string | null;
  boundAt: string | null;
  unboundAt: string | null;
  responsiblePerson: string;
  contactPhone: string;
  address: string;
  remark: string;
  state: DeviceRuntimeState;
  stateSince: string;
  lastSeenAt: string | null;
  telemetry: Record<string, unknown> | null;
  credentialClaimedAt: string | null;
  claimableUntil: string | null;
}

export interface DeviceDetail extends DeviceInfo {
  bindings: Array<{ boundAt: string; unboundAt: string | null; mine: boolean }>;
  boards: Array<{ boardModel: string; boardSerial: string; fittedAt: string; removedAt: string | null }>;
}

export interface DeviceCommand {
  id: string;
  kind: DeviceCommandKind;
  params: Record<string, unknown>;
  state: DeviceCommandState;
  message: string;
  createdAt: string;
  expiresAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  finishedAt: string | null;
}

export interface DeviceEvent {
  id: number;
  at: string;
  level: DeviceEventLevel;
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

export type DeviceStatSeconds = Record<DeviceStatCategory, number>;

export interface DeviceStateTime {
  days: Array<{ date: string; seconds: DeviceStatSeconds }>;
  totals: DeviceStatSeconds;
}

export interface DeviceStatsByDevice {
  deviceId: string;
  name: string;
  machineCode: string;
  seconds: DeviceStatSeconds;
}

export interface DeviceJobsPerDay {
  date: string;
  started: number;
  done: number;
}

/** Machines in each runtime state now. */
export type DeviceFleetNow = Record<DeviceRuntimeState, number>;

export interface DeviceFaultRank {
  code: string;
  count: number;
  message: string;
  devices: number;
}

export interface RegistryImportResult {
  added: number;
  problems: Array<{ row: number; column: string | null; message: string }>;
}

/** One message of the live socket (`/device/live`). */
export type DeviceLiveMessage =
  | { type: 'hello' }
  | { type: 'state'; deviceId: string; state: DeviceRuntimeState; previous: DeviceRuntimeState | null; at: string }
  /** A command or a job of the machine changed: read its lists again. */
  | { type: 'command'; deviceId: string; commandId: string; state: DeviceCommandState }
  | { type: 'job'; deviceId: string; jobId: string };
