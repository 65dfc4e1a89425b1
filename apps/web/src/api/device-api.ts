import {
  DEVICE_JOB_PATHS,
  DEVICE_PATHS,
  type DeviceCommand,
  type DeviceCommandKind,
  type DeviceDetail,
  type DeviceEvent,
  type DeviceEventLevel,
  type DeviceFaultRank,
  type DeviceFleetNow,
  type DeviceInfo,
  type DeviceJob,
  type DeviceJobsPerDay,
  type DeviceRuntimeState,
  type DeviceStateTime,
  type DeviceStatsByDevice,
  type Page,
  type RegistryImportResult,
} from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The device cloud's calls (@kerf/contract device.ts, device-jobs.ts), all under /cloud-api. */

export type {
  DeviceCommand,
  DeviceDetail,
  DeviceEvent,
  DeviceFaultRank,
  DeviceFleetNow,
  DeviceInfo,
  DeviceJob,
  DeviceJobsPerDay,
  DeviceStateTime,
  DeviceStatsByDevice,
  RegistryImportResult,
};

const url = (path: string) => `${CLOUD_API}${path}`;
const itemUrl = (path: string, id: string) => url(path.replace(':id', encodeURIComponent(id)));

/** `mine`: machines bound to me; `all`: every machine (administrators with device:fleet:view). */
export type DeviceScope = 'mine' | 'all';

/* ---- activation (/activate) ---- */

/** Either the machine code, or both motherboard codes. */
export type DeviceCodes = { machineCode: string } | { boardModel: string; boardSerial: string };

export async function queryDevice(codes: DeviceCodes): Promise<DeviceInfo> {
  return (await request.get<DeviceInfo>(url(DEVICE_PATHS.query), { params: codes })).data;
}

export interface ActivationInput {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
  /** YYYY-MM-DD; today when left out. */
  activationDate?: string;
  responsiblePerson: string;
  contactPhone: string;
  address: string;
  remark: string;
}

export async function activateDevice(input: ActivationInput): Promise<{ msg: string; device: DeviceInfo }> {
  const answer = await request.post<DeviceInfo>(url(DEVICE_PATHS.activate), input);
  return { msg: answer.msg, device: answer.data };
}

export interface BoardChange {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
}

export async function changeBoard(change: BoardChange): Promise<{ msg: string; device: DeviceInfo }> {
  const answer = await request.post<DeviceInfo>(url(DEVICE_PATHS.change), change);
  return { msg: answer.msg, device: answer.data };
}

/** The maker's production list (CSV), administrators only. */
export async function importRegistry(
  file: Blob,
  fileName: string,
): Promise<{ msg: string; report: RegistryImportResult }> {
  const body = new FormData();
  body.append('file', file, fileName);
  const answer = await request.post<RegistryImportResult>(url(DEVICE_PATHS.registryImport), body);
  return { msg: answer.msg, report: answer.data };
}

/* ---- my machines (/device, /device/detail) ---- */

export interface DeviceListQuery {
  state?: DeviceRuntimeState;
  model?: string;
  keyword?: string;
  scope?: DeviceScope;
  page: number;
  limit: number;
}

export async function listDevices(query: DeviceListQuery): Promise<Page<DeviceInfo> & { models: string[] }> {
  const answer = await request.get<Page<DeviceInfo> & { models: string[] }>(url(DEVICE_PATHS.list), { params: query });
  return { ...pageOf(answer.data, query.page, query.limit), models: answer.data?.models ?? [] };
}

export async function fetchDevice(id: string): Promise<DeviceDetail> {
  return (await request.get<DeviceDetail>(itemUrl(DEVICE_PATHS.item, id))).data;
}

export async function saveDevice(edit: { id: string; name: string; power: number }): Promise<string> {
  return (await request.put<DeviceInfo>(url(DEVICE_PATHS.save), edit)).msg;
}

/** Unbinds the machine from me (the SPEC's delete); its credential stops working at once. */
export async function unbindDevice(id: string): Promise<string> {
  return (await request.delete<unknown>(itemUrl(DEVICE_PATHS.item, id))).msg;
}

export type CommandInput =
  | { kind: Exclude<DeviceCommandKind, 'setPowerLimit' | 'sendJob'> }
  | { kind: 'setPowerLimit'; percent: number };

export async function sendCommand(id: string, command: CommandInput): Promise<DeviceCommand> {
  return (await request.post<DeviceCommand>(itemUrl(DEVICE_PATHS.command, id), command, { repeatSubmit: false })).data;
}

export async function listCommands(id: string): Promise<DeviceCommand[]> {
  return (await request.get<DeviceCommand[]>(itemUrl(DEVICE_PATHS.commands, id))).data ?? [];
}

export interface EventQuery {
  level?: DeviceEventLevel;
  code?: string;
  page: number;
  limit: number;
}

export async function listEvents(id: string, query: EventQuery): Promise<Page<DeviceEvent>> {
  const answer = await request.get<Page<DeviceEvent>>(itemUrl(DEVICE_PATHS.events, id), { params: query });
  return pageOf(answer.data, query.page, query.limit);
}

/* ---- jobs ---- */

export async function sendJob(deviceId: string, fileId: string): Promise<{ msg: string; job: DeviceJob }> {
  const answer = await request.post<DeviceJob>(
    itemUrl(DEVICE_JOB_PATHS.jobs, deviceId),
    { fileId },
    { repeatSubmit: false },
  );
  return { msg: answer.msg, job: answer.data };
}

export async function listJobs(deviceId: string, page: number, limit: number): Promise<Page<DeviceJob>> {
  const answer = await request.get<Page<DeviceJob>>(itemUrl(DEVICE_JOB_PATHS.jobs, deviceId), {
    params: { page, limit },
  });
  return pageOf(answer.data, page, limit);
}

/* ---- statistics (/databoard) ---- */

export interface StatsQuery {
  /** YYYY-MM-DD, local days of `tz`. */
  from: string;
  to: string;
  tz: string;
  deviceId?: string;
  scope?: DeviceScope;
}

export async function fetchStateTime(query: StatsQuery): Promise<DeviceStateTime> {
  return (await request.get<DeviceStateTime>(url(DEVICE_PATHS.stateTime), { params: query })).data;
}

export async function fetchFaults(query: StatsQuery): Promise<DeviceFaultRank[]> {
  return (await request.get<DeviceFaultRank[]>(url(DEVICE_PATHS.faults), { params: query })).data ?? [];
}

export async function fetchStatsByDevice(query: StatsQuery): Promise<DeviceStatsByDevice[]> {
  return (await request.get<DeviceStatsByDevice[]>(url(DEVICE_PATHS.byDevice), { params: query })).data ?? [];
}

export async function fetchJobsPerDay(query: StatsQuery): Promise<DeviceJobsPerDay[]> {
  return (await request.get<DeviceJobsPerDay[]>(url(DEVICE_PATHS.jobsPerDay), { params: query })).data ?? [];
}

export async function fetchFleetNow(scope: DeviceScope = 'mine'): Promise<DeviceFleetNow> {
  return (await request.get<DeviceFleetNow>(url(DEVICE_PATHS.fleet), { params: { scope } })).data;
}

/** The live socket's address: same origin, so the session cookie signs it in (browsers cannot set its headers). */
export function deviceLiveUrl(scope: DeviceScope = 'mine'): string {
  const { protocol, host } = window.location;
  const params = new URLSearchParams({ scope });
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${CLOUD_API}${DEVICE_PATHS.live}?${params}`;
}
