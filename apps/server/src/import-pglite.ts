import { renameSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DirLockedError } from './db/dir-lock.js';
import { findPgliteFolder } from './db/pglite-folder.js';
import { ImportRefusal, importPgliteFolder } from './db/pglite-import.js';

/**
 * `npm run db:import-pglite`: moves the PGlite database of an earlier Kerf (DATA_DIR/db) into the
 * database this Kerf uses (the embedded PostgreSQL server, or DATABASE_URL), then renames the old
 * folder so the server starts. Run with Kerf stopped, with the same environment as `npm start`.
 */
async function main() {
  const config = loadConfig();
  const folder = findPgliteFolder(config.dataDir);
  if (!folder) {
    process.stdout.write(
      `No PGlite database in ${config.dataDir}/db: nothing to import. 没有需要迁移的 PGlite 数据库。\n`,
    );
    return;
  }
  process.stdout.write(`Importing ${folder} into the ${config.database.kind} database...\n`);
  const target = await openDatabase(config.database, (line) => process.stdout.write(`${line}\n`));
  let result: { tables: number; rows: number };
  try {
    result = await importPgliteFolder(folder, target.url, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await target.close();
  }
  const kept = `${folder}.pglite-imported-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  renameSync(folder, kept);
  process.stdout.write(
    [
      `Done: ${result.rows} rows in ${result.tables} tables. The old folder is kept as ${kept}; delete it once Kerf runs well.`,
      `完成：已迁移 ${result.tables} 张表共 ${result.rows} 行。旧文件夹已改名为 ${kept}；确认 Kerf 运行正常后可删除。`,
      'Start Kerf again with `npm start`. 请用 `npm start` 重新启动 Kerf。',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  const known = err instanceof ConfigError || err instanceof ImportRefusal || err instanceof DirLockedError;
  process.stderr.write(`Import failed, nothing was changed: ${known ? err.message : (err as Error).stack}\n`);
  process.stderr.write('迁移失败，未做任何更改。\n');
  process.exit(1);
});
