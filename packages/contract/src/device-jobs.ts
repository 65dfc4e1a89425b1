import type { Bilingual } from './locale.js';

/**
 * Jobs sent to a machine (SPEC §4 drawing and task states): a G-code file of the drive goes to one of
 * my machines. The cloud sends a `sendJob` command carrying a signed, short-lived download address and
 * the file's SHA-256; the machine fetches the file, checks the hash and reports on `dev/{sn}/job`.
 *
 * - `POST /device/device/{id}/jobs` `{fileId}` → the job (the machine must be connected).
 * - `GET /device/device/{id}/jobs?page&limit` → its jobs, newest first.
 * - `GET /device/job-file/{jobId}?expires&signature` (no session: the machine fetches) → the G-code.
 */
export const DEVICE_JOB_PATHS = {
  jobs: '/device/device/:id/jobs',
  file: '/device/job-file/:jobId',
} as const;

/** to-send (the command is queued) → sent (the machine has the command) → received (it fetched the file and the hash matched). */
export const DEVICE_DRAWING_STATES = ['toSend', 'sent', 'received'] as const;
export type DeviceDrawingState = (typeof DEVICE_DRAWING_STATES)[number];
/** in progress (the machine started it) → done. */
export const DEVICE_TASK_STATES = ['inProgress', 'done'] as const;
export type DeviceTaskState = (typeof DEVICE_TASK_STATES)[number];

/** What a machine reports of a job on `dev/{sn}/job`. */
export const DEVICE_JOB_REPORTS = ['started', 'progress', 'done', 'failed'] as const;
export type DeviceJobReport = (typeof DEVICE_JOB_REPORTS)[number];

/** Files a machine runs: G-code under its usual names. */
export const DEVICE_JOB_EXTENSIONS = ['gcode', 'nc', 'gc', 'ngc', 'tap', 'g'] as const;

export const DEVICE_JOB_LIMITS = {
  /** The machine's download address works this long. */
  fileUrlMs: 15 * 60 * 1000,
  /** Machines have little storage: a larger file is refused before it is sent. */
  fileMaxBytes: 200 * 1024 * 1024,
} as const;

export function isDeviceJobFile(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return (DEVICE_JOB_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

export interface DeviceJob {
  id: string;
  deviceId: string;
  deviceName: string;
  fileId: string | null;
  fileName: string;
  size: number;
  sha256: string;
  drawingState: DeviceDrawingState;
  /** null until the machine starts it. */
  taskState: DeviceTaskState | null;
  /** 0–1. */
  progress: number;
  /** Why the job stopped short (the command failed or timed out, the hash did not match, the machine said so). */
  failure: string | null;
  commandId: string | null;
  createdAt: string;
  sentAt: string | null;
  receivedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export const deviceJobMessages = {
  notJobFile: {
    'zh-CN': `仅支持${DEVICE_JOB_EXTENSIONS.map((e) => `.${e}`).join('、')}文件`,
    en: `Only ${DEVICE_JOB_EXTENSIONS.map((e) => `.${e}`).join(', ')} files can be sent to a machine`,
  },
  fileTooLarge: { 'zh-CN': '文件过大，设备无法接收', en: 'The file is too large for the machine' },
  fileGone: { 'zh-CN': '文件不存在或已删除', en: 'The file does not exist or was deleted' },
  linkExpired: { 'zh-CN': '下载链接无效或已过期', en: 'The download link is not valid or has expired' },
  sent: { 'zh-CN': '已发送到设备', en: 'Sent to the machine' },
  hashMismatch: {
    'zh-CN': '设备收到的文件校验不一致',
    en: 'The file the machine received does not match (SHA-256)',
  },
  commandEnded: { 'zh-CN': '发送指令未完成：{0}', en: 'The send command did not complete: {0}' },
} as const satisfies Record<string, Bilingual>;
