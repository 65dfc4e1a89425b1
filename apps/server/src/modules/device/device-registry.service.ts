import {
  type Bilingual,
  DEVICE_LIMITS,
  deviceMessages,
  readBoardModel,
  readBoardSerial,
  readMachineCode,
} from '@kerf/contract';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../http/app-error.js';
import type { DeviceRepository, RegisteredDevice } from './device.repository.js';

/** The columns of the maker's list, by the names a spreadsheet may give them (English or Chinese). */
const COLUMNS: Record<keyof RegisteredDevice, string[]> = {
  machineCode: ['machinecode', 'machinenumber', '机器编号', '机器码'],
  machineId: ['machineid', '机器id'],
  boardModel: ['boardmodel', 'motherboardmodel', '主板型号'],
  boardSerial: ['boardserial', 'motherboardserial', '主板序列号'],
  version: ['version', '版本'],
  image: ['image', '图片'],
};
const REQUIRED: Array<keyof RegisteredDevice> = ['machineCode', 'boardModel', 'boardSerial'];
const LIMITS: Partial<Record<keyof RegisteredDevice, number>> = {
  machineId: DEVICE_LIMITS.machineIdMax,
  version: DEVICE_LIMITS.versionMax,
  image: DEVICE_LIMITS.imageMax,
};

export interface RowProblem {
  /** The line of the file the row ends on (the header is line 1). */
  row: number;
  column?: string;
  message: Bilingual;
  args?: Array<string | number>;
}

export interface RegistryImportReport {
  added: number;
  problems: RowProblem[];
}

const headerKey = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();

/**
 * The maker's registry: machines come in from a CSV list (machine number, machine ID, motherboard model
 * and serial, version, image). Good rows are added together; every other row is reported with why.
 */
export class DeviceRegistryService {
  constructor(private readonly deps: { devices: DeviceRepository; now?: () => Date }) {}

  async importCsv(bytes: Buffer): Promise<RegistryImportReport> {
    if (bytes.length > DEVICE_LIMITS.importMaxBytes)
      throw new AppError(413, deviceMessages.importTooLarge, { code: 413 });
    let records: Array<{ record: string[]; info: { lines: number } }>;
    try {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      records = parse(text, {
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        to_line: DEVICE_LIMITS.importMaxRows + 1,
      }) as unknown as typeof records;
    } catch {
      throw AppError.badRequest(deviceMessages.importUnreadable);
    }
    const header = records[0]?.record;
    const rows = records.slice(1);
    if (!header) throw AppError.badRequest(deviceMessages.importUnreadable);
    const positions = new Map<keyof RegisteredDevice, number>();
    header.forEach((name, index) => {
      const key = (Object.keys(COLUMNS) as Array<keyof RegisteredDevice>).find((k) =>
        COLUMNS[k].includes(headerKey(name)),
      );
      if (key && !positions.has(key)) positions.set(key, index);
    });
    const missing = REQUIRED.find((k) => !positions.has(k));
    if (missing) throw AppError.badRequest(deviceMessages.importMissingColumn, [COLUMNS[missing][0] as string]);

    const problems: RowProblem[] = [];
    const candidates: Array<{ row: number; device: RegisteredDevice }> = [];
    const seenCodes = new Map<string, number>();
    const seenSerials = new Map<string, number>();
    for (const { record: cells, info } of rows) {
      const row = info.lines;
      const cell = (key: keyof RegisteredDevice) => cells[positions.get(key) ?? -1] ?? '';
      const code = readMachineCode(cell('machineCode'));
      const model = readBoardModel(cell('boardModel'));
      const serial = readBoardSerial(cell('boardSerial'));
      for (const [column, reading] of [
        ['machineCode', code],
        ['boardModel', model],
        ['boardSerial', serial],
      ] as const) {
        if (!reading.ok) problems.push({ row, column, message: reading.message });
      }
      for (const key of Object.keys(LIMITS) as Array<keyof RegisteredDevice>) {
        if (cell(key).length > (LIMITS[key] ?? 0))
          problems.push({ row, column: key, message: deviceMessages.textTooLong });
      }
      if (!code.ok || !model.ok || !serial.ok || problems.at(-1)?.row === row) continue;
      const earlier = seenCodes.get(code.value) ?? seenSerials.get(serial.value);
      if (earlier) {
        problems.push({ row, message: deviceMessages.importDuplicate, args: [earlier] });
        continue;
      }
      seenCodes.set(code.value, row);
      seenSerials.set(serial.value, row);
      candidates.push({
        row,
        device: {
          machineCode: code.value,
          machineId: cell('machineId'),
          boardModel: model.value,
          boardSerial: serial.value,
          version: cell('version'),
          image: cell('image'),
        },
      });
    }

    const taken = await this.deps.devices.registered(
      candidates.map((c) => c.device.machineCode),
      candidates.map((c) => c.device.boardSerial),
    );
    const fresh = candidates.filter(({ row, device }) => {
      if (taken.machineCodes.has(device.machineCode)) {
        problems.push({ row, column: 'machineCode', message: deviceMessages.importExists });
        return false;
      }
      if (taken.boardSerials.has(device.boardSerial)) {
        problems.push({ row, column: 'boardSerial', message: deviceMessages.importBoardExists });
        return false;
      }
      return true;
    });
    const added = await this.deps.devices.register(
      fresh.map((c) => c.device),
      this.deps.now?.() ?? new Date(),
    );
    problems.sort((a, b) => a.row - b.row);
    return { added, problems };
  }
}
