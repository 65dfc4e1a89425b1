import { DEVICE_LIMITS, type DeviceCommandKind, deviceMessages } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { DeviceListFilter, DeviceRepository, DeviceScope } from './device.repository.js';
import type { DeviceLink } from './device-activation.service.js';
import type { CommandRow, DeviceRuntimeRepository } from './device-runtime.repository.js';

/** Sends queued commands now (the gateway); without one, they wait for the next sweep. */
export interface CommandSender {
  dispatch(deviceId?: string): Promise<void>;
}

const AWAY = new Set(['offline', 'softShutdown']);

/**
 * The owner's machines (SPEC §2 `/device`, `/device/detail`): the list, the detail with its history,
 * name and power, unbinding, the event log, and remote commands with their states.
 */
export class DeviceService {
  constructor(
    private readonly deps: {
      devices: DeviceRepository;
      runtime: DeviceRuntimeRepository;
      link: DeviceLink;
      sender?: CommandSender;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  list(scope: DeviceScope, filter: DeviceListFilter, page: { offset: number; limit: number }) {
    return this.deps.devices.list(scope, filter, page);
  }

  models(scope: DeviceScope) {
    return this.deps.devices.models(scope);
  }

  /** A machine in scope, or 404 (a machine bound to someone else does not exist for the caller). */
  async get(scope: DeviceScope, id: string) {
    const device = await this.deps.devices.get(scope, id);
    if (!device) throw AppError.notFound(deviceMessages.notFound);
    return device;
  }

  async detail(scope: DeviceScope, id: string) {
    const device = await this.get(scope, id);
    const [bindings, boards] = await Promise.all([
      this.deps.devices.bindings(device.id),
      this.deps.devices.boards(device.id),
    ]);
    return { device, bindings, boards };
  }

  async edit(scope: DeviceScope, id: string, name: string, power: number) {
    if (!(await this.deps.devices.rename(scope, id, name, power, this.now())))
      throw AppError.notFound(deviceMessages.notFound);
  }

  /** Unbinds (SPEC: delete with confirmation): the machine's credential stops working now. */
  async unbind(scope: DeviceScope, id: string) {
    const device = await this.deps.devices.unbind(scope, id, this.now());
    if (!device) throw AppError.notFound(deviceMessages.notFound);
    await this.deps.link.revoke(device.machineCode);
  }

  async events(
    scope: DeviceScope,
    id: string,
    filter: { level?: string; code?: string },
    page: { offset: number; limit: number },
  ) {
    const device = await this.get(scope, id);
    return this.deps.runtime.events(device.id, filter, page);
  }

  async commands(scope: DeviceScope, id: string): Promise<CommandRow[]> {
    const device = await this.get(scope, id);
    return this.deps.runtime.commands(device.id, 50);
  }

  /**
   * A remote command from the machine's owner. To a machine that is not connected it is refused at
   * once and kept as expired: never queued for later (a late start is dangerous), never called delivered.
   */
  async command(
    userId: string,
    id: string,
    kind: DeviceCommandKind,
    params: Record<string, unknown>,
    options: { sendNow?: boolean } = {},
  ): Promise<CommandRow> {
    const device = await this.get({ userId, all: false }, id);
    const now = this.now();
    const expiresAt = new Date(now.getTime() + DEVICE_LIMITS.commandExpireMs);
    if (AWAY.has(device.state)) {
      const refused = await this.deps.runtime.addCommand({
        deviceId: device.id,
        userId,
        kind,
        params,
        state: 'expired',
        message: deviceMessages.deviceOffline.en,
        expiresAt: now,
        now,
      });
      throw new AppError(409, deviceMessages.deviceOffline, { code: 409, data: { commandId: refused.id } });
    }
    const queued = await this.deps.runtime.addCommand({
      deviceId: device.id,
      userId,
      kind,
      params,
      state: 'queued',
      expiresAt,
      now,
    });
    if (options.sendNow === false) return queued;
    await this.deps.sender?.dispatch(device.id);
    return (await this.deps.runtime.command(queued.id)) ?? queued;
  }

  /** Sends what is queued for the machine now, without waiting for it (the answer says "queued"). */
  sendQueued(deviceId: string): void {
    this.deps.sender?.dispatch(deviceId).catch(() => undefined);
  }
}
