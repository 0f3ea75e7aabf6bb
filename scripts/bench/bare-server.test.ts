import { afterAll, expect, it } from 'vitest';
import { startBare, type RecordedResponse } from './film-page-limit';

const page = (body: string): RecordedResponse => ({
  status: 200,
  headers: [
    ['content-type', 'text/html; charset=utf-8'],
    ['x-page', body],
  ],
  body: Buffer.from(body),
});

const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

it('answers each recorded address with its own response, and any other with the fallback', async () => {
  const bare = await startBare(page('fallback'), {
    byPath: new Map([
      ['/films/a', page('page a')],
      ['/films/b', page('page b')],
    ]),
  });
  stops.push(bare.stop);
  for (const [address, expected] of [
    ['/films/a', 'page a'],
    ['/films/b', 'page b'],
    ['/films/c', 'fallback'],
  ]) {
    const response = await fetch(`${bare.url}${address}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-page')).toBe(expected);
    expect(await response.text()).toBe(expected);
  }
});

it('answers every address with the one recorded response when it has no addresses', async () => {
  const bare = await startBare(page('the one page'));
  stops.push(bare.stop);
  for (const address of ['/', '/films/a']) expect(await (await fetch(`${bare.url}${address}`)).text()).toBe('the one page');
});

it("answers a request with exactly a recorded Cookie header with that reader's response, any other with its address's", async () => {
  const bare = await startBare(page('fallback'), {
    byPath: new Map([['/films/a', page('page a')]]),
    byCookie: new Map([['spoilers=full', new Map([['/films/a', page('page a, full')]])]]),
  });
  stops.push(bare.stop);
  for (const [cookie, address, expected] of [
    ['spoilers=full', '/films/a', 'page a, full'],
    [undefined, '/films/a', 'page a'],
    ['spoilers=light', '/films/a', 'page a'],
    ['spoilers=full', '/films/b', 'fallback'],
  ] as const) {
    const response = await fetch(`${bare.url}${address}`, { headers: cookie ? { cookie } : {} });
    expect(await response.text(), `${cookie} ${address}`).toBe(expected);
  }
});
