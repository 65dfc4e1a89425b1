import {
  type ActivationDetails,
  type CodeReading,
  DEVICE_LIMITS,
  deviceMessages,
  readBoardModel,
  readBoardSerial,
  readMachineCode,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { DeviceRepository, DeviceRow } from './device.repository.js';
import { newDeviceCredential } from './device-credential.js';

/**
 * The broker's side of credentials: the embedded broker reads them from the database, so it only cuts
 * connections; an external broker is told each grant and revocation (Mosquitto's dynamic security).
 */
export interface DeviceLink {
  grant(serial: string, password: string): Promise<void>;
  /** The credential stops working and the machine's connection is cut now. */
  revoke(serial: string): Promise<void>;
  /** Where a machine connects, for the credential answer. */
  readonly deviceUrl: string;
}

export interface BoardCodes {
  boardModel: string;
  boardSerial: string;
}

/** A code that parses, or 400 with the parsing error of SPEC §8 in both languages. */
export function parsedCode(reading: CodeReading): string {
  if (!reading.ok) throw AppError.badRequest(reading.message);
  return reading.value;
}

/** Who holds the machine, as the person asking may know it: never who the other owner is. */
export function bindingOf(device: DeviceRow, userId: string): 'unbound' | 'mine' | 'other' {
  if (!device.ownerId) return 'unbound';
  return device.ownerId === userId ? 'mine' : 'other';
}

/**
 * SPEC §2 `/activate`: query a machine by its codes, activate and bind it, replace its motherboard;
 * and the machine's own claim of its MQTT credential afterwards. The board serial is inside the
 * machine, so knowing it (with the machine code on the label) is the proof of standing beside it.
 */
export class DeviceActivationService {
  constructor(
    private readonly deps: {
      devices: DeviceRepository;
      link: DeviceLink;
      now?: () => Date;
      claimWindowMs?: number;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private claimableUntil(now: Date) {
    return new Date(now.getTime() + (this.deps.claimWindowMs ?? DEVICE_LIMITS.claimWindowMs));
  }

  /** By machine code, or by the two board codes; 404 未查询到相关信息! when nothing matches. */
  async query(codes: { machineCode?: string; boardModel?: string; boardSerial?: string }): Promise<DeviceRow> {
    const byBoard = !codes.machineCode && (codes.boardModel || codes.boardSerial);
    const device = byBoard
      ? await this.deps.devices.findByBoard(
          parsedCode(readBoardModel(codes.boardModel)),
          parsedCode(readBoardSerial(codes.boardSerial)),
        )
      : await this.deps.devices.findByMachineCode(parsedCode(readMachineCode(codes.machineCode)));
    if (!device) throw AppError.notFound(deviceMessages.notFound);
    return device;
  }

  /** The machine with this code, fitted with this board, or why not. */
  private async machineWithBoard(machineCode: string, board: BoardCodes): Promise<DeviceRow> {
    const code = parsedCode(readMachineCode(machineCode));
    const model = parsedCode(readBoardModel(board.boardModel));
    const serial = parsedCode(readBoardSerial(board.boardSerial));
    const device = await this.deps.devices.findByMachineCode(code);
    if (!device) throw AppError.notFound(deviceMessages.notFound);
    if (device.boardModel !== model || device.boardSerial !== serial)
      throw AppError.badRequest(deviceMessages.boardMismatch);
    return device;
  }

  /** Not activated → activated (激活成功), bound to the caller; the machine may then claim its credential. */
  async activate(
    userId: string,
    machineCode: string,
    board: BoardCodes,
    details: ActivationDetails,
  ): Promise<DeviceRow> {
    const device = await this.machineWithBoard(machineCode, board);
    if (device.ownerId) throw AppError.conflict(deviceMessages.alreadyActivated);
    const now = this.now();
    const activationDate = details.activationDate ?? now.toISOString().slice(0, 10);
    const bound = await this.deps.devices.bind(
      device.id,
      userId,
      { ...details, activationDate },
      now,
      this.claimableUntil(now),
    );
    if (!bound) throw AppError.conflict(deviceMessages.alreadyActivated);
    // A credential from an earlier owner must not keep a session open.
    await this.deps.link.revoke(bound.machineCode);
    return bound;
  }

  /**
   * 更换成功: the new board takes over the machine's identity and history. The old board's credential
   * is dropped in the same write and its connection cut now, not at its next reconnect.
   */
  async changeBoard(userId: string, machineCode: string, board: BoardCodes): Promise<DeviceRow> {
    const code = parsedCode(readMachineCode(machineCode));
    const model = parsedCode(readBoardModel(board.boardModel));
    const serial = parsedCode(readBoardSerial(board.boardSerial));
    const device = await this.deps.devices.findByMachineCode(code);
    if (!device) throw AppError.notFound(deviceMessages.notFound);
    if (device.ownerId !== userId) throw AppError.forbidden(deviceMessages.notYours);
    if (device.boardSerial === serial) throw AppError.conflict(deviceMessages.sameBoard);
    if (await this.deps.devices.boardSerialTaken(serial)) throw AppError.conflict(deviceMessages.boardInUse);
    const now = this.now();
    const changed = await this.deps.devices.changeBoard(
      device.id,
      userId,
      { model, serial },
      now,
      this.claimableUntil(now),
    );
    if (!changed) throw AppError.forbidden(deviceMessages.notYours);
    await this.deps.link.revoke(changed.machineCode);
    return changed;
  }

  /** The machine fetches its MQTT credential: once, by the board fitted, while the window is open. */
  async claim(machineCode: string, boardSerial: string) {
    const code = parsedCode(readMachineCode(machineCode));
    const serial = parsedCode(readBoardSerial(boardSerial));
    const credential = newDeviceCredential();
    const claimed = await this.deps.devices.claimCredential(code, serial, credential.hash, this.now());
    if (!claimed) throw AppError.conflict(deviceMessages.claimClosed);
    await this.deps.link.grant(code, credential.password);
    return { url: this.deps.link.deviceUrl, username: code, password: credential.password };
  }
}
