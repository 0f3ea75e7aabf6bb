/**
 * A redis-server of a test's own, on a port of its own (stopping or flushing the machine's shared
 * one would disturb everyone else's tests), kept in memory only as the shipped compose runs it:
 * it can be paused (SIGSTOP: connected but silent), resumed, and restarted empty on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '../scripts/lib/database.mjs';
import { waitFor } from '../scripts/ops/support';

export type TestRedis = {
  url: string;
  port: number;
  /** A client of the test's (named `test`), for FLUSHALL, DEL, CLIENT LIST. */
  client: () => Redis;
  pause: () => void;
  resume: () => void;
  /** SHUTDOWN NOSAVE, then a new server on the same port: everything it held is gone. */
  restartEmpty: () => Promise<void>;
  /** The connections named `name` (ioredis's connectionName) that the server has now. */
  connectionsNamed: (name: string) => Promise<number>;
  stop: () => Promise<void>;
};

/** Starts one; fails with one line when redis-server is not installed. */
export async function startTestRedis(preferredPort?: number): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error)
    throw new Error('redis-server is not installed (Debian: apt-get install redis-server); this test starts one of its own');
  const port = await findFreePort(preferredPort);
  const url = `redis://127.0.0.1:${port}/0`;
  let server: ChildProcess | undefined;
  let client: Redis | undefined;

  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await waitFor('redis-server to answer', async () => (await probe.ping().catch(() => null)) === 'PONG', 15_000, 100);
    } finally {
      probe.disconnect();
    }
  };
  const stopServer = async () => {
    const current = server;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    if (current.pid) process.kill(current.pid, 'SIGCONT');
    current.kill('SIGTERM');
    await exited;
  };
  const testClient = () => {
    client ??= new Redis(url, { connectionName: 'test', maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    return client;
  };

  await start();
  return {
    url,
    port,
    client: testClient,
    pause: () => server?.pid && process.kill(server.pid, 'SIGSTOP'),
    resume: () => server?.pid && process.kill(server.pid, 'SIGCONT'),
    restartEmpty: async () => {
      await testClient()
        .shutdown('NOSAVE')
        .catch(() => {});
      await stopServer();
      await start();
    },
    connectionsNamed: async (name) => {
      const list = String(await testClient().client('LIST'));
      return list.split('\n').filter((line) => line.includes(` name=${name} `)).length;
    },
    stop: async () => {
      client?.disconnect();
      await stopServer();
    },
  };
}
