import { describe, expect, it } from 'vitest';

describe('instrumentation-client', () => {
  it('makes zod interpret its parsers (no `new Function` under the CSP) without importing zod', async () => {
    await import('./instrumentation-client');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    expect(config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });
});
