/**
 * Tables written for people to open in a spreadsheet: the exports of trade records, users and logs.
 * Every cell is text (amounts stay exact decimals, dates as written).
 */
import type { FastifyReply } from 'fastify';

/** A table to write: a sheet name, a header row and text cells (money as exact decimal text, never a float). */
export interface RecordTable {
  name: string;
  header: string[];
  rows: string[][];
}

/** A cell a spreadsheet would run as a formula is written as text (CSV injection). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV with a UTF-8 byte-order mark, so spreadsheet programs read Chinese right. */
export function toCsv(table: RecordTable): Buffer {
  const line = (cells: string[]) =>
    cells
      .map((cell) => {
        const value = safeCell(cell);
        return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
      })
      .join(',');
  return Buffer.from(`\uFEFF${[table.header, ...table.rows].map(line).join('\r\n')}\r\n`, 'utf8');
}

/** The same table as an .xlsx workbook (every cell text: amounts stay exact decimals). */
export async function toXlsx(table: RecordTable): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data = [table.header, ...table.rows].map((row, i) =>
    row.map((value) => ({ value: safeCell(value), type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) })),
  );
  return writeXlsxFile(data, { sheet: table.name }).toBuffer();
}

export type TableFormat = 'csv' | 'xlsx';

/** Answers a table as a download named `<baseName>.<format>` (a plain ASCII name), never cached. */
export async function sendTable(reply: FastifyReply, table: RecordTable, format: TableFormat, baseName: string) {
  reply
    .header('Content-Disposition', `attachment; filename="${baseName}.${format}"`)
    .header('Cache-Control', 'private, no-store')
    .type(
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  return reply.send(format === 'csv' ? toCsv(table) : await toXlsx(table));
}
