import {
  activationDetailsSchema,
  DEVICE_COMMAND_KINDS,
  DEVICE_COMMAND_STATES,
  DEVICE_EVENT_LEVELS,
  DEVICE_RUNTIME_STATES,
  DEVICE_STAT_CATEGORIES,
  type DeviceStatCategory,
  deviceEditSchema,
  envelopeOf,
  pageNumber,
  pageOf,
  powerLimitSchema,
} from '@kerf/contract';
import { z } from 'zod';
import { optionalText } from '../../http/query-fields.js';
import type { DeviceRow } from './device.repository.js';
import type { RegistryImportReport } from './device-registry.service.js';
import type { CommandRow, EventRow } from './device-runtime.repository.js';

const code = z.string().max(64);

export const idParams = z.object({ id: z.uuid() });
export const queryQuery = z.object({
  machineCode: code.optional(),
  boardModel: code.optional(),
  boardSerial: code.optional(),
});
const boardCodes = { boardModel: code, boardSerial: code };
export const activateBody = activationDetailsSchema.extend({ machineCode: code, ...boardCodes });
export const changeBody = z.object({ machineCode: code, ...boardCodes });
export const claimBody = z.object({ machineCode: code, boardSerial: code });
export const editBody = deviceEditSchema;
export const listQuery = z.object({
  state: z.enum(DEVICE_RUNTIME_STATES).optional(),
  model: optionalText(16),
  keyword: optionalText(64),
  /** `all`: every machine (the fleet permission); otherwise mine. */
  scope: z.enum(['mine', 'all']).default('mine'),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const eventsQuery = z.object({
  level: z.enum(DEVICE_EVENT_LEVELS).optional(),
  code: optionalText(32),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const statsQuery = z.object({
  from: localDate,
  to: localDate,
  /** IANA time zone of the person asking; days are cut at its midnights. */
  tz: z.string().min(1).max(64).default('Asia/Shanghai'),
  deviceId: z.uuid().optional(),
  scope: z.enum(['mine', 'all']).default('mine'),
});
const statSecondsShape = z.object(
  Object.fromEntries(DEVICE_STAT_CATEGORIES.map((c) => [c, z.number()])) as Record<DeviceStatCategory, z.ZodNumber>,
);
export const stateTimeResponse = envelopeOf(
  z.object({ days: z.array(z.object({ date: z.string(), seconds: statSecondsShape })), totals: statSecondsShape }),
);
export const byDeviceResponse = envelopeOf(
  z.array(z.object({ deviceId: z.string(), name: z.string(), machineCode: z.string(), seconds: statSecondsShape })),
);
export const jobsPerDayResponse = envelopeOf(
  z.array(z.object({ date: z.string(), started: z.number().int(), done: z.number().int() })),
);
export const fleetQuery = z.object({ scope: z.enum(['mine', 'all']).default('mine') });
export const fleetResponse = envelopeOf(
  z.object(
    Object.fromEntries(DEVICE_RUNTIME_STATES.map((s) => [s, z.number().int()])) as Record<
      (typeof DEVICE_RUNTIME_STATES)[number],
      z.ZodNumber
    >,
  ),
);
export const faultsResponse = envelopeOf(
  z.array(z.object({ code: z.string(), count: z.number().int(), message: z.string(), devices: z.number().int() })),
);

export const commandBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['start', 'pause', 'resume', 'stop']) }),
  z.object({ kind: z.literal('setPowerLimit'), percent: powerLimitSchema }),
]);

const iso = z.string().nullable();
const isoOf = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** SPEC §3 Device, as the owner sees it. */
const device = z.object({
  id: z.string(),
  machineCode: z.string(),
  machineId: z.string(),
  boardModel: z.string(),
  boardSerial: z.string(),
  version: z.string(),
  image: z.string(),
  name: z.string(),
  power: z.number().nullable(),
  activationState: z.enum(['notActivated', 'activated']),
  bindingState: z.enum(['bound', 'unbound']),
  /** mine: bound to the caller; other: bound to someone else (never who). */
  binding: z.enum(['unbound', 'mine', 'other']),
  activatedAt: iso,
  activationDate: z.string().nullable(),
  boundAt: iso,
  unboundAt: iso,
  responsiblePerson: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  remark: z.string(),
  state: z.enum(DEVICE_RUNTIME_STATES),
  stateSince: z.string(),
  lastSeenAt: iso,
  telemetry: z.record(z.string(), z.unknown()).nullable(),
  credentialClaimedAt: iso,
  claimableUntil: iso,
});
export type DeviceView = z.infer<typeof device>;

export function presentDevice(row: DeviceRow, userId: string): DeviceView {
  return {
    id: row.id,
    machineCode: row.machineCode,
    machineId: row.machineId,
    boardModel: row.boardModel,
    boardSerial: row.boardSerial,
    version: row.version,
    image: row.image,
    name: row.name,
    power: row.power,
    activationState: row.activatedAt ? 'activated' : 'notActivated',
    bindingState: row.ownerId ? 'bound' : 'unbound',
    binding: !row.ownerId ? 'unbound' : row.ownerId === userId ? 'mine' : 'other',
    activatedAt: isoOf(row.activatedAt),
    activationDate: row.activationDate,
    boundAt: isoOf(row.boundAt),
    unboundAt: isoOf(row.unboundAt),
    responsiblePerson: row.ownerId === userId ? row.responsiblePerson : '',
    contactPhone: row.ownerId === userId ? row.contactPhone : '',
    address: row.ownerId === userId ? row.address : '',
    remark: row.ownerId === userId ? row.remark : '',
    state: row.state as DeviceView['state'],
    stateSince: row.stateSince.toISOString(),
    lastSeenAt: isoOf(row.lastSeenAt),
    telemetry: (row.telemetry as Record<string, unknown> | null) ?? null,
    credentialClaimedAt: isoOf(row.credentialClaimedAt),
    claimableUntil: isoOf(row.claimableUntil),
  };
}

/** What a query by codes shows of a machine that may not be the caller's: the registry facts only. */
export function presentQueried(row: DeviceRow, userId: string) {
  const view = presentDevice(row, userId);
  if (view.binding === 'mine') return view;
  return {
    ...view,
    name: '',
    power: null,
    telemetry: null,
    state: 'other' as const,
    lastSeenAt: null,
    credentialClaimedAt: null,
    claimableUntil: null,
  };
}

const command = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(DEVICE_COMMAND_STATES),
  message: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  sentAt: iso,
  deliveredAt: iso,
  finishedAt: iso,
});
export function presentCommand(row: CommandRow): z.infer<typeof command> {
  return {
    id: row.id,
    kind: row.kind as z.infer<typeof command>['kind'],
    params: (row.params as Record<string, unknown>) ?? {},
    state: row.state as z.infer<typeof command>['state'],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    sentAt: isoOf(row.sentAt),
    deliveredAt: isoOf(row.deliveredAt),
    finishedAt: isoOf(row.finishedAt),
  };
}

const event = z.object({
  id: z.number(),
  at: z.string(),
  level: z.enum(DEVICE_EVENT_LEVELS),
  code: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export function presentEvent(row: EventRow): z.infer<typeof event> {
  return {
    id: row.id,
    at: row.at.toISOString(),
    level: row.level as z.infer<typeof event>['level'],
    code: row.code,
    message: row.message,
    data: (row.data as Record<string, unknown> | null) ?? null,
  };
}

const history = z.object({
  bindings: z.array(z.object({ boundAt: z.string(), unboundAt: iso, mine: z.boolean() })),
  boards: z.array(z.object({ boardModel: z.string(), boardSerial: z.string(), fittedAt: z.string(), removedAt: iso })),
});

export const deviceResponse = envelopeOf(device);
export const queriedResponse = envelopeOf(device);
export const detailResponse = envelopeOf(device.extend(history.shape));
export const listResponse = envelopeOf(pageOf(device).extend({ models: z.array(z.string()) }));
export const commandResponse = envelopeOf(command);
export const commandsResponse = envelopeOf(z.array(command));
export const eventsResponse = envelopeOf(pageOf(event));
export const claimResponse = envelopeOf(z.object({ url: z.string(), username: z.string(), password: z.string() }));
export const importResponse = envelopeOf(
  z.object({
    added: z.number().int(),
    problems: z.array(z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() })),
  }),
);
export type ImportReportView = z.infer<typeof importResponse>['data'];
export type { RegistryImportReport };
