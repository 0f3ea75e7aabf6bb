/**
 * A TCP proxy on a local port to `target` (PostgreSQL, Redis), for the tests that take a service
 * away: close() refuses new connections and cuts the open ones (the service looks down), open()
 * listens again on the same port (it is back); hold() swallows the service's answers from then on,
 * leaving whoever asked waiting mid-query (queriesWhileHolding() counts what was sent meanwhile),
 * until open() (or release()).
 */
import net from 'node:net';

export type TcpProxy = {
  port: number;
  close: () => Promise<void>;
  open: () => Promise<void>;
  stop: () => Promise<void>;
  hold: () => void;
  release: () => void;
  queriesWhileHolding: () => number;
};

/** `port` 0 (the default): a free one. */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let holding = false;
  let queriesWhileHolding = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk) => {
      if (holding) queriesWhileHolding++;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => void (holding || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const listening = await listen(port);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    port: listening,
    close,
    open: async () => {
      holding = false;
      await listen(listening);
    },
    stop: close,
    hold: () => {
      holding = true;
      queriesWhileHolding = 0;
    },
    release: () => {
      holding = false;
    },
    queriesWhileHolding: () => queriesWhileHolding,
  };
}
