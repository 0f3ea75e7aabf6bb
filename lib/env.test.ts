import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/env-test';

/** env() reads process.env once per module instance: a fresh instance per case. */
async function envWith(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import('./env')).env();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('TRUSTED_PROXIES', () => {
  it('accepts addresses, CIDRs and the named ranges; empty means none', async () => {
    expect((await envWith({ DATABASE_URL, TRUSTED_PROXIES: '172.30.50.10, 10.0.0.0/8, fd00::/8, loopback' })).TRUSTED_PROXIES).toBe(
      '172.30.50.10, 10.0.0.0/8, fd00::/8, loopback',
    );
    expect((await envWith({ DATABASE_URL, TRUSTED_PROXIES: '' })).TRUSTED_PROXIES).toBe('');
  });

  it('stops the server with one line naming the variable and the wrong entry', async () => {
    await expect(envWith({ DATABASE_URL, TRUSTED_PROXIES: '10.0.0.0/8, nginx' })).rejects.toThrow(
      'Invalid environment: TRUSTED_PROXIES invalid IP address: nginx (comma-separated addresses or CIDRs)',
    );
    await expect(envWith({ DATABASE_URL, TRUSTED_PROXIES: '10.0.0.0/33' })).rejects.toThrow(
      /TRUSTED_PROXIES invalid range on address: 10\.0\.0\.0\/33/,
    );
  });
});

describe('siteEnv (what page rendering reads, also while `next build` runs without a database)', () => {
  async function siteEnvWith(vars: Record<string, string>) {
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    vi.resetModules();
    return (await import('./env')).siteEnv();
  }

  it('needs no DATABASE_URL, and treats empty variables as unset', async () => {
    const site = await siteEnvWith({ DATABASE_URL: '', SITE_URL: 'https://films.example.com', AUTH_SECRET: '' });
    expect(site.SITE_URL).toBe('https://films.example.com');
    expect(site.AUTH_SECRET).toBeUndefined();
  });

  it('validates the same way as env()', async () => {
    await expect(siteEnvWith({ SITE_URL: 'films.example.com' })).rejects.toThrow(
      /Invalid environment: SITE_URL must be an http\(s\):\/\/ URL/,
    );
    await expect(siteEnvWith({ AUTH_SECRET: 'short' })).rejects.toThrow('Invalid environment: AUTH_SECRET must be at least 32 characters');
  });
});

describe('MEDIA_S3_*', () => {
  it('defaults to the media folder without S3', async () => {
    const env = await envWith({ DATABASE_URL });
    expect(env.MEDIA_DIR).toBe('.data/media');
    expect(env.MEDIA_S3_ENDPOINT).toBeUndefined();
  });

  it('takes the four S3 settings together and refuses some of them alone', async () => {
    const s3 = { MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_BUCKET: 'film-media', MEDIA_S3_KEY: 'key', MEDIA_S3_SECRET: 'secret' };
    expect((await envWith({ DATABASE_URL, ...s3 })).MEDIA_S3_BUCKET).toBe('film-media');
    vi.unstubAllEnvs();
    await expect(envWith({ DATABASE_URL, MEDIA_S3_ENDPOINT: 'http://minio:9000' })).rejects.toThrow(
      'Invalid environment: MEDIA_S3_BUCKET is required with MEDIA_S3_ENDPOINT (MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_KEY, MEDIA_S3_SECRET go together)',
    );
    vi.unstubAllEnvs();
    await expect(envWith({ DATABASE_URL, ...s3, MEDIA_S3_ENDPOINT: 'minio:9000' })).rejects.toThrow(
      /MEDIA_S3_ENDPOINT must be an http\(s\):\/\/ URL/,
    );
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('names the missing one of the pair, once', async () => {
    await expect(envWith({ DATABASE_URL, ADMIN_EMAIL: 'admin@example.com' })).rejects.toThrow(
      /^Invalid environment: ADMIN_PASSWORD is required with ADMIN_EMAIL \(they go together\)$/,
    );
    vi.unstubAllEnvs();
    await expect(envWith({ DATABASE_URL, ADMIN_PASSWORD: 'a-long-enough-password' })).rejects.toThrow(
      /^Invalid environment: ADMIN_EMAIL is required with ADMIN_PASSWORD \(they go together\)$/,
    );
  });
});

describe('secrets as files (NAME_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-secrets-'));
  const secret = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('reads AUTH_SECRET_FILE and ADMIN_PASSWORD_FILE (one trailing newline dropped), a variable set directly wins', async () => {
    const env = await envWith({
      DATABASE_URL,
      AUTH_SECRET_FILE: secret('auth', `${'s'.repeat(40)}\n`),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD_FILE: secret('admin', 'from the file, long\n'),
    });
    expect(env.AUTH_SECRET).toBe('s'.repeat(40));
    expect(env.ADMIN_PASSWORD).toBe('from the file, long');
    vi.unstubAllEnvs();
    expect(
      (await envWith({ DATABASE_URL, AUTH_SECRET: 'd'.repeat(40), AUTH_SECRET_FILE: secret('auth', 'f'.repeat(40)) })).AUTH_SECRET,
    ).toBe('d'.repeat(40));
  });

  it('puts DATABASE_PASSWORD_FILE into DATABASE_URL, URL-encoded', async () => {
    const env = await envWith({ DATABASE_URL: 'postgresql://cms@db:5432/cms', DATABASE_PASSWORD_FILE: secret('db', 'p@ss/word:%#\n') });
    expect(env.DATABASE_URL).toBe('postgresql://cms:p%40ss%2Fword%3A%25%23@db:5432/cms');
    expect(decodeURIComponent(new URL(env.DATABASE_URL).password)).toBe('p@ss/word:%#');
  });

  it('names a file it cannot read', async () => {
    await expect(envWith({ DATABASE_URL, AUTH_SECRET_FILE: path.join(dir, 'missing') })).rejects.toThrow(
      `Invalid environment: AUTH_SECRET_FILE cannot be read (ENOENT: ${path.join(dir, 'missing')})`,
    );
  });
});

describe("the production server's variables (lib/ops/server-env.mjs)", () => {
  it('are validated with the rest at start, and read one by one the same way by the server’s plain modules', async () => {
    await expect(envWith({ DATABASE_URL, FRONT_CACHE_MAX_MB: 'lots' })).rejects.toThrow(/^Invalid environment: FRONT_CACHE_MAX_MB /);
    vi.unstubAllEnvs();
    await expect(envWith({ DATABASE_URL, METRICS_PORT: '70000' })).rejects.toThrow(/^Invalid environment: METRICS_PORT /);
    vi.unstubAllEnvs();
    expect(await envWith({ DATABASE_URL, CACHE_KEY_PREFIX: '' })).toMatchObject({ CACHE_KEY_PREFIX: 'film-cms', FRONT_CACHE_MAX_MB: 256 });
    const { serverVariable } = await import('./ops/server-env.mjs');
    vi.stubEnv('REDIS_BREAKER_OPEN_MS', '-1');
    expect(() => serverVariable('REDIS_BREAKER_OPEN_MS')).toThrow(/^Invalid environment: REDIS_BREAKER_OPEN_MS /);
    vi.stubEnv('REDIS_BREAKER_OPEN_MS', '');
    expect(serverVariable('REDIS_BREAKER_OPEN_MS')).toBe(5_000);
  });
});
