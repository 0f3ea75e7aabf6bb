// @ts-check
/**
 * Test instrument, preloaded into a server under test (`node --import ./socket-probe.mjs …`):
 * appends one JSON line per TCP connection to SOCKET_PROBE_FILE: `{"accepted": localPort}` for each
 * connection a server in the process accepts, `{"connected": port, "address": …}` for each one the
 * process opens. A server that proxies requests back to itself shows both on its own port.
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';

const file = process.env.SOCKET_PROBE_FILE;
if (!file) throw new Error('socket-probe.mjs: set SOCKET_PROBE_FILE');

/** @param {Record<string, unknown>} entry */
const record = (entry) => fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);

diagnostics.subscribe('net.server.socket', (message) => {
  const { socket } = /** @type {{ socket: import('node:net').Socket }} */ (message);
  record({ accepted: socket.localPort });
});

diagnostics.subscribe('net.client.socket', (message) => {
  const { socket } = /** @type {{ socket: import('node:net').Socket }} */ (message);
  socket.once('connect', () => record({ connected: socket.remotePort, address: socket.remoteAddress }));
});
