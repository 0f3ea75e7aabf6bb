/**
 * A real PostgreSQL primary and a streaming standby of it, for the read-replica tests: `initdb`
 * a primary cluster, `pg_basebackup -R` a standby from it, with `recovery_min_apply_delay` so the
 * standby is measurably behind. Run as the postgres OS user (through runuser when we are root);
 * data under /var/tmp/replicas-*, removed by stop().
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_BINARIES, requirePrograms } from './required-programs.mjs';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export type StreamingReplica = {
  /** Admin URLs (database `postgres`) of the primary and of the standby. */
  primaryUrl: string;
  standbyUrl: string;
  /** The same database on the standby. */
  onStandby: (databaseUrl: string) => string;
  stop: () => Promise<void>;
};

async function asPostgres(command: string, args: string[]) {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]] : [path.join(BIN, command), args];
  try {
    return await run(file, argv, { timeout: 120_000 });
  } catch (error) {
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || stdout || error}`);
  }
}

/** Starts a primary on `primaryPort` and a standby on `standbyPort` that applies commits `applyDelay` late. */
export async function startStreamingReplica({
  primaryPort,
  standbyPort,
  applyDelay = '2s',
}: {
  primaryPort: number;
  standbyPort: number;
  applyDelay?: string;
}): Promise<StreamingReplica> {
  requirePrograms('a streaming replica', SERVER_BINARIES);
  const root = fs.mkdtempSync(path.join('/var/tmp', 'replicas-'));
  fs.chmodSync(root, 0o777);
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(root, Number(stdout), Number(gid));
  }
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse()) await asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  };
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      // A test cluster: durability is not what is tested, and the machine is shared.
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 60',
    ].join('\n');
  try {
    await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${settings(primaryPort)}\nwal_level = replica\nmax_wal_senders = 4\n`);
    await asPostgres('pg_ctl', ['-D', primaryDir, '-l', path.join(root, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
    ]);
    fs.appendFileSync(
      path.join(standbyDir, 'postgresql.conf'),
      `\n${settings(standbyPort)}\nhot_standby = on\nrecovery_min_apply_delay = '${applyDelay}'\n`,
    );
    await asPostgres('pg_ctl', ['-D', standbyDir, '-l', path.join(root, 'standby.log'), '-w', 'start']);
    started.push(standbyDir);
  } catch (error) {
    await stop();
    throw error;
  }
  const onStandby = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.port = String(standbyPort);
    return url.toString();
  };
  return {
    primaryUrl: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgresql://postgres@127.0.0.1:${standbyPort}/postgres`,
    onStandby,
    stop,
  };
}
