import { z } from 'zod';
import { MOBILE_PATTERN } from './account.js';
import { INVISIBLE_NAME_CHARS } from './drive.js';
import type { Bilingual, Locale } from './locale.js';

/**
 * The device cloud (SPEC §2 `/device`, `/device/detail`, `/activate`; §3 Device; §4 device states).
 * Machines are registered by the maker (an imported list), activated and bound by their owner, and talk
 * to the cloud over MQTT (`docs/device-protocol.md`).
 *
 * All under /cloud-api:
 * - `POST /device/registry/import` multipart `file` (CSV) → a report per row (`device:registry:import`).
 * - `GET /device/activation/query?machineCode` or `?boardModel&boardSerial` → the machine, or 404
 *   未查询到相关信息!.
 * - `POST /device/activation/activate` → 激活成功: the machine is activated (once) and bound to the caller.
 * - `POST /device/activation/change` → 更换成功: a new motherboard takes over the machine; the old
 *   board's credential stops working at once.
 * - `POST /device/credential/claim` (no session: the machine itself asks) → the MQTT credential, once
 *   per activation or board change, within the claim window.
 * - `GET /device/device/list?state&model&keyword&scope&page&limit`, `GET /device/device/{id}`,
 *   `PUT /device/device` `{id, name, power}`, `DELETE /device/device/{id}` (unbind).
 * - `POST /device/device/{id}/command` `{kind, …}` and `GET /device/device/{id}/commands`.
 * - `GET /device/device/{id}/events?level&code&page&limit`.
 * - `GET /device/stats/state-time?from&to&tz&deviceId` → seconds per statistic per local day, from
 *   the stored state changes; `GET /device/stats/faults?from&to&tz&deviceId` → fault codes by count;
 *   `GET /device/stats/by-device?from&to&tz` → the same seconds per machine; `GET /device/stats/jobs?from&to&tz`
 *   → jobs started and finished per local day; `GET /device/stats/fleet` → how many machines are in each state now.
 * - `GET /device/live` (WebSocket, `?token=`): my machines' state changes as they happen.
 */
export const DEVICE_PATHS = {
  registryImport: '/device/registry/import',
  query: '/device/activation/query',
  activate: '/device/activation/activate',
  change: '/device/activation/change',
  claim: '/device/credential/claim',
  list: '/device/device/list',
  item: '/device/device/:id',
  save: '/device/device',
  command: '/device/device/:id/command',
  commands: '/device/device/:id/commands',
  events: '/device/device/:id/events',
  stateTime: '/device/stats/state-time',
  faults: '/device/stats/faults',
  byDevice: '/device/stats/by-device',
  jobsPerDay: '/device/stats/jobs',
  fleet: '/device/stats/fleet',
  live: '/device/live',
} as const;

export const DEVICE_PERMISSIONS = {
  /** My machines: list and detail. */
  list: 'device:machine:list',
  /** Rename, set the power, unbind. */
  edit: 'device:machine:edit',
  /** Remote control: start, pause, resume, stop, power limit, jobs. */
  control: 'device:machine:control',
  /** Query, activate and replace a motherboard. */
  activate: 'device:activation:use',
  /** The maker's list of machines it built. */
  registryImport: 'device:registry:import',
  /** Every machine, whoever it is bound to. */
  fleet: 'device:fleet:view',
  /** Statistics and the dashboard. */
  stats: 'device:stats:view',
} as const;

/** SPEC §4 device runtime states, as the device reports them or the cloud concludes them. */
export const DEVICE_RUNTIME_STATES = [
  'idle',
  'running',
  'paused',
  'abnormal',
  'noResponse',
  'softShutdown',
  'offline',
  'other',
] as const;
export type DeviceRuntimeState = (typeof DEVICE_RUNTIME_STATES)[number];
/** What a device may say of itself on `dev/{sn}/state`; offline and no response are the cloud's verdicts. */
export const DEVICE_REPORTED_STATES = ['idle', 'running', 'paused', 'abnormal', 'softShutdown', 'other'] as const;
export type DeviceReportedState = (typeof DEVICE_REPORTED_STATES)[number];

export const DEVICE_COMMAND_KINDS = ['start', 'pause', 'resume', 'stop', 'setPowerLimit', 'sendJob'] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];
/** queued → sent → delivered (acknowledged) → succeeded | failed; timedOut and expired end it unanswered. */
export const DEVICE_COMMAND_STATES = [
  'queued',
  'sent',
  'delivered',
  'succeeded',
  'failed',
  'timedOut',
  'expired',
] as const;
export type DeviceCommandState = (typeof DEVICE_COMMAND_STATES)[number];
export const DEVICE_COMMAND_FINAL_STATES: readonly DeviceCommandState[] = [
  'succeeded',
  'failed',
  'timedOut',
  'expired',
];

/**
 * The statistics (time per state per day) and the runtime states each counts. `running` is the time
 * the machine was on and connected, whatever it did; `offline` includes "no response", when nobody
 * knows what it did.
 */
export const DEVICE_STAT_STATES = {
  running: ['idle', 'running', 'paused', 'abnormal', 'other'],
  processing: ['running'],
  paused: ['paused'],
  fault: ['abnormal'],
  idle: ['idle'],
  shutdown: ['softShutdown'],
  offline: ['offline', 'noResponse'],
} as const satisfies Record<string, readonly DeviceRuntimeState[]>;
export type DeviceStatCategory = keyof typeof DEVICE_STAT_STATES;
export const DEVICE_STAT_CATEGORIES = Object.keys(DEVICE_STAT_STATES) as DeviceStatCategory[];
/** The longest span one statistics call covers. */
export const DEVICE_STAT_MAX_DAYS = 366;

/** Seconds per statistic category from seconds per runtime state. */
export function statSeconds(perState: Partial<Record<string, number>>): Record<DeviceStatCategory, number> {
  const out = {} as Record<DeviceStatCategory, number>;
  for (const category of DEVICE_STAT_CATEGORIES) {
    out[category] = DEVICE_STAT_STATES[category].reduce((sum, state) => sum + (perState[state] ?? 0), 0);
  }
  return out;
}

export const DEVICE_EVENT_LEVELS = ['info', 'warning', 'fault'] as const;
export type DeviceEventLevel = (typeof DEVICE_EVENT_LEVELS)[number];

export const DEVICE_LIMITS = {
  nameMax: 64,
  /** W; a laser source's rated power. */
  powerMax: 100_000,
  personMax: 32,
  addressMax: 200,
  remarkMax: 500,
  versionMax: 32,
  imageMax: 500,
  machineIdMax: 64,
  importMaxBytes: 5 * 1024 * 1024,
  importMaxRows: 20_000,
  /** Credential claims one client address may make in an hour (the board serial is not a password). */
  claimsPerHour: 30,
  /** How long after activation or a board change the machine may fetch its credential. */
  claimWindowMs: 24 * 60 * 60 * 1000,
  /** A command not sent within this is expired (a late pause or start is worse than none); one sent but unanswered this long timed out. */
  commandExpireMs: 30 * 1000,
  commandTimeoutMs: 60 * 1000,
  /** Connected but silent this long: "no response" (DEVICE_INACTIVITY_MS changes it). */
  inactivityMs: 60 * 1000,
} as const;

export const deviceMessages = {
  notFound: { 'zh-CN': '未查询到相关信息!', en: 'No matching information was found!' },
  activated: { 'zh-CN': '激活成功', en: 'Activated' },
  replaced: { 'zh-CN': '更换成功', en: 'Motherboard replaced' },
  alreadyActivated: { 'zh-CN': '该设备已激活并绑定', en: 'This machine is already activated and bound' },
  boardMismatch: {
    'zh-CN': '主板信息与机器码不符',
    en: 'The motherboard does not match the machine code',
  },
  sameBoard: { 'zh-CN': '新主板与当前主板相同', en: 'The new motherboard is the one already fitted' },
  boardInUse: { 'zh-CN': '该主板已用于其他设备', en: 'This motherboard is already fitted to another machine' },
  notYours: { 'zh-CN': '该设备未绑定到您的账号', en: 'This machine is not bound to your account' },
  nameRequired: { 'zh-CN': '设备名称不能为空', en: 'The device name must not be empty' },
  nameTooLong: {
    'zh-CN': `设备名称不能超过${DEVICE_LIMITS.nameMax}个字符`,
    en: `The device name must not exceed ${DEVICE_LIMITS.nameMax} characters`,
  },
  powerPositive: { 'zh-CN': '功率必须大于0', en: 'The power must be greater than 0' },
  invisibleChars: {
    'zh-CN': '不能包含控制字符或文字方向控制符',
    en: 'Must not contain control characters or text-direction controls',
  },
  personRequired: { 'zh-CN': '请输入负责人', en: 'Enter the responsible person' },
  phoneFormat: { 'zh-CN': '请输入正确的手机号码', en: 'Enter a valid mainland China mobile number' },
  textTooLong: { 'zh-CN': '内容过长', en: 'The text is too long' },
  dateInvalid: { 'zh-CN': '日期无效', en: 'The date is not valid' },
  claimClosed: {
    'zh-CN': '凭据已领取或领取期限已过，请在设备详情中重新激活',
    en: 'The credential was already claimed or the claim window has closed',
  },
  tooManyClaims: {
    'zh-CN': '凭据领取过于频繁，请一小时后再试',
    en: 'Too many credential claims from this address: try again in an hour',
  },
  deviceOffline: { 'zh-CN': '设备离线，指令未发送', en: 'The machine is offline: the command was not sent' },
  powerLimitRange: { 'zh-CN': '功率上限应在1%到100%之间', en: 'The power limit is between 1% and 100%' },
  importUnreadable: { 'zh-CN': '无法读取CSV文件', en: 'The CSV file cannot be read' },
  importMissingColumn: { 'zh-CN': '缺少列：{0}', en: 'Missing column: {0}' },
  importTooLarge: { 'zh-CN': '文件过大', en: 'The file is too large' },
  importDuplicate: { 'zh-CN': '与第{0}行重复', en: 'Repeats row {0}' },
  importExists: { 'zh-CN': '机器码已登记', en: 'The machine code is already registered' },
  importBoardExists: { 'zh-CN': '主板序列号已登记', en: 'The motherboard serial is already registered' },
  statRange: {
    'zh-CN': `统计范围无效：起止日期须有效，最多${DEVICE_STAT_MAX_DAYS}天，时区须有效`,
    en: `The statistics range is not valid: real dates, at most ${DEVICE_STAT_MAX_DAYS} days, and a real time zone`,
  },
  // SPEC §8 camera scanner messages
  cameraPermission: {
    'zh-CN': '需要相机权限才能扫码，请在浏览器设置中允许',
    en: 'Scanning needs permission to use the camera: allow it in the browser settings',
  },
  cameraNone: { 'zh-CN': '未找到相机', en: 'No camera was found' },
  cameraInsecure: {
    'zh-CN': '扫码需要安全连接（HTTPS或localhost）',
    en: 'Scanning needs a secure connection (HTTPS or localhost)',
  },
  cameraBusy: { 'zh-CN': '相机正被其他程序占用', en: 'The camera is in use by another program' },
  cameraUnsuitable: { 'zh-CN': '相机不满足扫码要求', en: 'The camera is not suitable for scanning' },
  cameraUnsupported: {
    'zh-CN': '此浏览器不支持视频流接口，请手动输入编码',
    en: 'This browser does not support the streaming API: type the code instead',
  },
  unbound: { 'zh-CN': '删除成功', en: 'Deleted' },
  saved: { 'zh-CN': '修改成功', en: 'Saved' },
} as const satisfies Record<string, Bilingual>;
export type DeviceMessageKey = keyof typeof deviceMessages;

const KEY_PREFIX = '@device.';
const rule = (key: DeviceMessageKey) => ({ message: `${KEY_PREFIX}${key}` });

/** Text of a schema issue message: a device rule's words in the language, or the message as it is. */
export function deviceIssueText(message: string | undefined, locale: Locale): string | undefined {
  if (!message?.startsWith(KEY_PREFIX)) return undefined;
  const key = message.slice(KEY_PREFIX.length) as DeviceMessageKey;
  return key in deviceMessages ? deviceMessages[key][locale] : undefined;
}

const cleanText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, rule('textTooLong'))
    .refine((value) => !INVISIBLE_NAME_CHARS.test(value), rule('invisibleChars'));

/** SPEC §5 Device: the name is not empty; the power is greater than 0. */
export const deviceNameSchema = z
  .string(rule('nameRequired'))
  .trim()
  .min(1, rule('nameRequired'))
  .max(DEVICE_LIMITS.nameMax, rule('nameTooLong'))
  .refine((value) => !INVISIBLE_NAME_CHARS.test(value), rule('invisibleChars'));
export const devicePowerSchema = z
  .number(rule('powerPositive'))
  .positive(rule('powerPositive'))
  .max(DEVICE_LIMITS.powerMax, rule('powerPositive'));

export const deviceEditSchema = z.object({
  id: z.uuid(),
  name: deviceNameSchema,
  power: devicePowerSchema,
});
export type DeviceEdit = z.infer<typeof deviceEditSchema>;

/** What the owner fills in when activating (the codes are read by `readMachineCode` and friends). */
export const activationDetailsSchema = z.object({
  /** YYYY-MM-DD; today when left out. */
  activationDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, rule('dateInvalid'))
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), rule('dateInvalid'))
    .optional(),
  responsiblePerson: cleanText(DEVICE_LIMITS.personMax).pipe(z.string().min(1, rule('personRequired'))),
  contactPhone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, ''))
    .pipe(z.string().regex(MOBILE_PATTERN, rule('phoneFormat'))),
  address: cleanText(DEVICE_LIMITS.addressMax).default(''),
  remark: cleanText(DEVICE_LIMITS.remarkMax).default(''),
});
export type ActivationDetails = z.infer<typeof activationDetailsSchema>;

/** The power limit a `setPowerLimit` command carries, percent of the source's rated power. */
export const powerLimitSchema = z
  .number(rule('powerLimitRange'))
  .min(1, rule('powerLimitRange'))
  .max(100, rule('powerLimitRange'));
