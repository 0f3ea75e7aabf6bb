import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signedInContext } from './support/editor-session';

/**
 * Webhooks in the editor, against the production server and its webhook runner: an admin adds a
 * webhook to a receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1), sees the
 * secret once, sees the ping delivered (verified with the secret) and resends it: the receiver gets
 * it again under the same webhook-id. Pages are reloaded until the runner has sent, bounded by the
 * test's timeout, never by a duration of our own.
 */
test.setTimeout(120_000);

test('an admin adds a webhook, sees its secret once, sees the ping delivered and resends it', async ({ browser }) => {
  let secret = '';
  // Kept raw and verified when asked: the runner may send the ping before the page has shown the
  // secret to the test.
  const deliveries: Array<{ body: string; headers: Record<string, string> }> = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ body, headers: request.headers as Record<string, string> });
      response.writeHead(204).end();
    });
  });
  const received = () =>
    deliveries.map(({ body, headers }) => {
      try {
        return { id: headers['webhook-id'], type: (new Webhook(secret).verify(body, headers) as { type: string }).type, verified: true };
      } catch {
        return { id: headers['webhook-id'], type: '', verified: false };
      }
    });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-${Date.now().toString(36)}`;
  const { context, page } = await signedInContext(browser, 'admin@example.com');
  try {
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Add a webhook' });
    await panel.getByLabel('URL').fill(url);
    await panel.getByLabel('Description').fill('e2e receiver');
    await panel.getByRole('checkbox', { name: /film\.scheduled/ }).check();
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    const shown = panel.getByTestId('one-time-secret');
    await expect(shown).toHaveText(/^whsec_/);
    secret = (await shown.textContent())!;

    // Once: the list, and the endpoint's own page, never show it again.
    await page.reload();
    await expect(page.getByTestId(`webhook-row-${url}`)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { level: 1, name: url })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // The ping, sent by the server's runner; reloaded until it shows delivered.
    const ping = page.getByTestId('delivery-ping');
    await expect(async () => {
      await page.reload();
      await expect(ping.getByText('delivered', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
    // Another worker may schedule a film meanwhile, and this webhook asks for film.scheduled: count
    // pings only, and every delivery, whatever its type, must verify.
    const pings = () => received().filter((delivery) => delivery.type === 'ping');
    expect(received().every((delivery) => delivery.verified)).toBe(true);
    expect(pings()).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'ping', verified: true }]);

    await ping.getByRole('button', { name: /^Resend ping/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ping will be sent again' })).toBeVisible();
    await expect.poll(() => pings().length, { timeout: 90_000 }).toBe(2);
    expect(pings()[1]).toEqual({ ...pings()[0] });
    expect(received().every((delivery) => delivery.verified)).toBe(true);
  } finally {
    await context.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
