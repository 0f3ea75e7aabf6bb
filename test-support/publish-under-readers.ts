/**
 * Publishes under reader traffic, for the tests of several instances (clock skew, a lagging
 * replica): two readers per instance ask `addresses` in turn (every third with a `spoilers=full`
 * cookie) while an editor publishes a new title of `slug` `publishes` times, through each instance
 * in turn, pausing `pauseMs` after each acknowledgement. Then every reading sent more than
 * `graceMs` after a publish was acknowledged (and before the next one) must carry that title or a
 * later one, and more than four readings per publish must have been checked.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { editorApi } from './editor-api';
import type { ProductionServer } from './production-server';

/** The demo film's page at two levels, its reader API and the home page. */
export const readerAddresses = (slug: string) => [`/films/${slug}`, `/films/${slug}?spoilers=full`, `/api/v1/films/${slug}`, '/'];

export async function expectFreshAfterPublishes({
  servers,
  token,
  slug,
  addresses = readerAddresses(slug),
  publishes,
  titlePrefix,
  pauseMs,
  graceMs = 1_000,
}: {
  servers: ProductionServer[];
  token: string;
  slug: string;
  addresses?: string[];
  publishes: number;
  titlePrefix: string;
  pauseMs: number;
  graceMs?: number;
}): Promise<void> {
  // Only the published titles each answer carries, not the answer: readers on a fast machine read
  // tens of thousands of pages in a run (190 a second here), and whole bodies filled the test's heap.
  type Reading = { sentAt: number; server: string; address: string; titles: Set<string> };
  const readings: Reading[] = [];
  const titleIn = new RegExp(`${titlePrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+ [0-9a-f]{6}`, 'g');
  let reading = true;
  const reader = async (server: ProductionServer) => {
    for (let i = 0; reading; i++) {
      const address = addresses[i % addresses.length];
      const sentAt = performance.now();
      const response = await fetch(`${server.url}${address}`, { headers: i % 3 === 0 ? { cookie: 'spoilers=full' } : {} });
      // Each title copied out (`[...title].join('')`): a match is a slice that would keep the whole page alive.
      const titles = ((await response.text()).match(titleIn) ?? []).map((title) => [...title].join(''));
      readings.push({ sentAt, server: server.name, address, titles: new Set(titles) });
    }
  };
  const readers = [...servers, ...servers].map(reader);

  const acks: Array<{ title: string; at: number }> = [];
  try {
    for (let i = 0; i < publishes; i++) {
      const via = servers[i % servers.length];
      const title = `${titlePrefix} ${i} ${randomBytes(3).toString('hex')}`;
      await editorApi(via.url, token).publishTitle(slug, title, `${titlePrefix}: publish under readers`);
      acks.push({ title, at: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  } finally {
    reading = false;
    await Promise.allSettled(readers);
  }

  const stale: string[] = [];
  let checked = 0;
  for (const [i, ack] of acks.entries()) {
    const next = acks[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    for (const read of readings) {
      if (read.sentAt < ack.at + graceMs || read.sentAt >= next) continue;
      checked++;
      // This revision or a later one (the next publish may commit before it is acknowledged).
      if (!acks.slice(i).some((newer) => read.titles.has(newer.title)))
        stale.push(`${read.server} ${read.address} ${Math.round(read.sentAt - ack.at)} ms after publish ${i}`);
    }
  }
  expect(checked).toBeGreaterThan(publishes * 4);
  expect(stale).toEqual([]);
}
