import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { BlockedAddressError, hostOf, resolvePublicAddresses } from './outbound-address';

/** A receiver that has not answered within this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer the delivery log keeps. */
export const RESPONSE_LOG_BYTES = 1024;

export type SendResult = { ok: boolean; status: number | null; error: string | null; durationMs: number; response: string };

/**
 * Connects only to addresses resolvePublicAddresses accepted, resolved at connect time: the name
 * is not resolved once for the check and again for the request (DNS rebinding).
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  resolvePublicAddresses(hostname).then(
    (addresses) => {
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    },
    (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
  );
};

/**
 * POSTs one signed event (Standard Webhooks: `webhook-id` is the event's id, the same on every
 * attempt; `webhook-timestamp` and `webhook-signature` are made now, so a receiver's freshness
 * check passes on a retry too). 2xx is a success; anything else, a redirect (never followed), a
 * refused address, a timeout or a network error is a failure, with what the receiver said (its
 * first 1 KB).
 */
export async function sendWebhook({
  url,
  secret,
  messageId,
  body,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  timeoutMs?: number;
}): Promise<SendResult> {
  const started = performance.now();
  const done = (result: Omit<SendResult, 'durationMs'>): SendResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  let target: URL;
  try {
    target = new URL(url);
    // Literal addresses never reach `lookup`: checked here.
    await resolvePublicAddresses(hostOf(target));
  } catch (error) {
    return done({ ok: false, status: null, error: messageOf(error, timeoutMs), response: '' });
  }
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(messageId, timestamp, body);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'film-pages-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  };
  return new Promise<SendResult>((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      { method: 'POST', headers, lookup: checkedLookup, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_LOG_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        let finished = false;
        const finish = (error: string | null) => {
          if (finished) return;
          finished = true;
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_LOG_BYTES).toString('utf8');
          const ok = error === null && status !== null && status >= 200 && status < 300;
          const redirect = status !== null && status >= 300 && status < 400;
          resolve(
            done({
              ok,
              status,
              error: error ?? (ok ? null : redirect ? `Redirect (${status}) not followed` : `Answered ${status}`),
              response: text,
            }),
          );
        };
        response.on('end', () => finish(null));
        response.on('error', (error) => finish(messageOf(error, timeoutMs)));
        // Cut off mid-answer (the timeout): a failure, whatever came first.
        response.on('close', () => finish(response.complete ? null : 'The answer was cut off'));
      },
    );
    request.on('error', (error) => resolve(done({ ok: false, status: null, error: messageOf(error, timeoutMs), response: '' })));
    request.end(body);
  });
}

function messageOf(error: unknown, timeoutMs: number): string {
  if (error instanceof BlockedAddressError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `No answer within ${timeoutMs / 1000} s`;
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
