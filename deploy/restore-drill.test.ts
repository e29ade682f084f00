import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { mainBalance, operator, walletMember } from '../apps/server/src/test/wallet-fixtures';
import { ledgerRepository } from '../apps/server/src/wallet/ledger/ledger.repository';

const run = promisify(execFile);
const DEPLOY = import.meta.dirname;

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

/** The script's exit code and what it wrote, without throwing on failure. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(path.join(DEPLOY, name), args, { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const drill = process.env.TEST_DATABASE_URL && onPath('pg_dump') && onPath('pg_restore');

/**
 * The restore drill an operator would run: back up a live database, change money in it, restore the backup. The
 * ledger must balance afterwards and the change must be gone. Needs a real PostgreSQL (TEST_DATABASE_URL) and its
 * client tools; skipped otherwise, since PGlite has no pg_dump.
 */
describe.skipIf(!drill)('backup and restore (deploy/backup.sh, deploy/restore.sh)', () => {
  const backupDir = mkdtempSync(path.join(tmpdir(), 'jinb-backup-'));
  let sut: TestApp | undefined;
  let open = true;

  afterAll(async () => {
    if (sut && open) await sut.close();
    else if (sut?.databaseUrl) {
      // The app was closed for the restore; its database is dropped here instead.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(sut.databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
      rmSync(sut.config.dataDir, { recursive: true, force: true });
    }
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('brings back the backed-up money exactly, the ledger balanced and the later change gone', async () => {
    sut = await createTestApp('postgres');
    const databaseUrl = sut.databaseUrl ?? '';
    const desk = await operator(sut);
    const member = await walletMember(sut, { card: false });
    await desk.credit(member.id, '1000');
    const atBackup = await ledgerRepository.check(sut.container.db);

    const env = { DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir, BACKUP_KEEP: '3' };
    const backup = await script('backup.sh', [], env);
    expect(backup).toMatchObject({ code: 0 });
    const file = backup.stdout.trim();
    expect(file).toMatch(/\/jinb-\d{8}T\d{6}Z\.dump$/);
    expect(existsSync(file)).toBe(true);

    // The change the restore must undo: more money, one more transfer.
    await desk.credit(member.id, '500');
    expect(await mainBalance(sut, member.token)).toBe('1500.0000');

    // Refused while a node (this app's pool) is connected, and nothing changes.
    const refused = await script('restore.sh', [file, '--yes'], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/stop the nodes first/);
    expect(await mainBalance(sut, member.token)).toBe('1500.0000');
    // Without --yes it does nothing either.
    expect((await script('restore.sh', [file], env)).stderr).toMatch(/--yes/);

    await sut.app.close();
    await sut.container.close();
    open = false;
    const restored = await script('restore.sh', [file, '--yes'], env);
    expect(restored.stderr).toMatch(/restored/);
    expect(restored.code).toBe(0);

    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    try {
      const check = await ledgerRepository.check(database.db);
      expect(check).toMatchObject({ unbalancedTransfers: 0, mismatchedAccounts: 0, negativeMemberAccounts: 0 });
      expect(check.transfers).toBe(atBackup.transfers);
      expect(check.sumOfAllBalances).toBe(atBackup.sumOfAllBalances);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        "select balance::text from wallet_accounts where member_id = $1 and kind = 'main'",
        [member.id],
      );
      await client.end();
      // Scale 4: 1000 yuan, the 500 credited after the backup gone.
      expect(rows).toEqual([{ balance: '10000000' }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('keeps the newest BACKUP_KEEP backups and never a half-written one', async () => {
    const names = () => readdirSync(backupDir).sort();
    const before = names().filter((name) => name.endsWith('.dump'));
    // A new name each second; the drill above may have left one already.
    const made: string[] = [];
    for (let index = 0; index < 3; index++) {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const result = await script('backup.sh', [], {
        DATABASE_URL: sut?.databaseUrl ?? '',
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: '2',
      });
      expect(result.code).toBe(0);
      made.push(path.basename(result.stdout.trim()));
    }
    expect(names()).toEqual(made.slice(1));
    expect(before.every((name) => !names().includes(name))).toBe(true);

    const broken = await script('backup.sh', [], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: '2',
    });
    expect(broken.code).not.toBe(0);
    expect(names()).toEqual(made.slice(1));
  }, 60_000);
});
