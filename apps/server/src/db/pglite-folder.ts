import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Kerf before the embedded PostgreSQL server kept its database in PGlite, in `DATA_DIR/db`. Such a
 * folder is never ignored: the server refuses to start on an empty embedded database beside it and
 * says how to move it (`npm run db:import-pglite`, which renames the folder once its data is moved).
 */
export function findPgliteFolder(dataDir: string): string | undefined {
  const dir = join(dataDir, 'db');
  return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

export const IMPORT_COMMAND = 'npm run db:import-pglite';

/** The message for the server log and the terminal, in English and Chinese. */
export function pgliteFolderMessage(dir: string, external: boolean): string {
  const lines = external
    ? [
        `A database from an earlier Kerf (PGlite) is in ${dir}; this server uses DATABASE_URL and does not read it.`,
        `To copy its data into the DATABASE_URL database (which must have no accounts yet), stop Kerf and run: ${IMPORT_COMMAND}`,
        `${dir} 中有旧版 Kerf 的数据库（PGlite）；本服务器使用 DATABASE_URL，不会读取它。`,
        `如需把其中的数据复制到 DATABASE_URL 数据库（该库中还不能有账号），请先停止 Kerf，再运行：${IMPORT_COMMAND}`,
      ]
    : [
        `A database from an earlier Kerf (PGlite) is in ${dir}. Kerf now runs its own PostgreSQL server and`,
        'will not start beside it, so that no data is left behind. Move the data into the new database with:',
        `    ${IMPORT_COMMAND}`,
        `then start Kerf again (the old folder is kept, renamed). To start empty instead, move ${dir} away.`,
        `${dir} 中有旧版 Kerf 的数据库（PGlite）。Kerf 现在自带 PostgreSQL 服务器；为免数据被遗漏，它不会在旧库旁启动。`,
        `请运行 ${IMPORT_COMMAND} 把数据迁入新数据库，然后重新启动 Kerf（旧文件夹会改名保留）。`,
        `如要从空库开始，请把 ${dir} 移走。`,
      ];
  return lines.join('\n');
}
