import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startProductionServer } from './production-server';
import { findProgram, requirePrograms } from './required-programs.mjs';

const MISSING = 'no-such-program-3f9a1c';

describe('required programs', () => {
  it('finds a program in PATH or by its path, and nothing for a name that is not there', () => {
    const nodeDir = path.dirname(process.execPath);
    expect(findProgram(path.basename(process.execPath), `/nonexistent${path.delimiter}${nodeDir}`)).toBe(process.execPath);
    expect(findProgram(process.execPath)).toBe(process.execPath);
    expect(findProgram(MISSING)).toBeNull();
    // A folder is not a program.
    expect(findProgram(nodeDir)).toBeNull();
  });

  it('fails with one line naming every missing program and what installs it', () => {
    expect(() => requirePrograms('a test', [{ command: process.execPath, install: 'x' }])).not.toThrow();
    let message = '';
    try {
      requirePrograms('the clock-skew test', [
        { command: process.execPath, install: 'x' },
        { command: MISSING, install: 'apt-get install it' },
        { command: `${MISSING}-2`, install: 'apt-get install that' },
      ]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `the clock-skew test needs programs that are not installed: ${MISSING} (apt-get install it), ${MISSING}-2 (apt-get install that)`,
    );
  });

  it('a server started under a missing wrapper fails naming it, not with the exit code of a spawn that could not run', async () => {
    const start = startProductionServer({
      build: {
        standalone: os.tmpdir(),
        serverJs: path.join(os.tmpdir(), 'server.js'),
        distDir: os.tmpdir(),
        serverActionsKey: '',
        built: false,
      },
      logDir: os.tmpdir(),
      name: 'b-ahead',
      wrapper: [MISSING, '-f', '+5s'],
    });
    await expect(start).rejects.toThrow(
      `b-ahead's wrapper needs a program that is not installed: ${MISSING} (install it or put it in PATH)`,
    );
  });
});

describe("npm test's check of the machine", () => {
  it('names every missing program and service of the selected suites in one line, and nothing for suites that need none', async () => {
    vi.stubEnv('TEST_REDIS_URL', 'redis://127.0.0.1:1');
    vi.stubEnv('CHROMIUM_PATH', `/nonexistent/${MISSING}`);
    vi.stubEnv('PG_DUMP', MISSING);
    vi.resetModules();
    try {
      const { missingForSuites } = await import('./required-programs.mjs');
      expect(await missingForSuites(['typecheck', 'lint', 'drift'])).toBeNull();
      const line = await missingForSuites(['vitest', 'e2e']);
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^npm test needs what this machine lacks: /u);
      expect(line).toContain(`${MISSING} (apt-get install postgresql-client, or PG_DUMP / PG_RESTORE)`);
      expect(line).toContain(`/nonexistent/${MISSING} (apt-get install chromium-headless-shell, or CHROMIUM_PATH)`);
      expect(line).toContain('Redis at redis://127.0.0.1:1');
      // Playwright's own Chromium serves instead of Debian's.
      expect(await missingForSuites(['e2e'], { playwrightChromium: true })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
