import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, aptInstallCommand } from './ensure-chromium';
import { REDIS_SERVER_MISSING, ensureTestPackages, planTestPackages } from './ensure-test-packages';
import type { TestPackageProbes } from './ensure-test-packages';

const probes = (overrides: Partial<TestPackageProbes> = {}): TestPackageProbes => ({
  chromiumPath: undefined,
  isExecutable: (file) => file === DEBIAN_CHROMIUM,
  isRoot: true,
  hasAptGet: true,
  hasRedisServer: true,
  ...overrides,
});

describe('planTestPackages', () => {
  it('installs nothing when Chromium and redis-server are there', () => {
    expect(planTestPackages(probes())).toEqual({ install: [], failure: undefined, warnings: [] });
  });

  it('installs what is missing in one apt-get run, as root', () => {
    expect(
      planTestPackages(probes({ isExecutable: () => false, hasRedisServer: false })).install,
    ).toEqual(['chromium', 'redis-server']);
    expect(planTestPackages(probes({ hasRedisServer: false })).install).toEqual(['redis-server']);
  });

  it('only warns of a missing redis-server it may not install, and fails without Chromium', () => {
    const plan = planTestPackages(probes({ isRoot: false, hasRedisServer: false }));
    expect(plan).toEqual({ install: [], failure: undefined, warnings: [REDIS_SERVER_MISSING] });
    expect(REDIS_SERVER_MISSING).toContain('sudo apt-get install -y redis-server');
    const bare = planTestPackages(probes({ isRoot: false, isExecutable: () => false }));
    expect(bare.failure).toContain('sudo apt-get install -y chromium');
  });
});

describe('ensureTestPackages', () => {
  it('runs one quiet apt-get for both, then finds them', () => {
    let installed = false;
    const commands: string[] = [];
    const lines: string[] = [];
    const ok = ensureTestPackages(
      () =>
        probes({
          isExecutable: (file) => installed && file === DEBIAN_CHROMIUM,
          hasRedisServer: installed,
        }),
      {
        run: (command) => {
          commands.push(command);
          installed = true;
          return { code: 0, output: 'Selecting previously unselected package redis-server.' };
        },
        log: (line) => lines.push(line),
      },
    );
    expect(ok).toBe(true);
    expect(commands).toEqual([aptInstallCommand(['chromium', 'redis-server'])]);
    expect(commands[0]).toMatch(/^apt-get update -qq && DEBIAN_FRONTEND=noninteractive /);
    // apt-get's own output is shown only when it fails.
    expect(lines.join('\n')).not.toContain('Selecting previously');
  });

  it('runs nothing when everything is there, and fails when an install leaves a package out', () => {
    const commands: string[] = [];
    const run = (command: string) => {
      commands.push(command);
      return { code: 100, output: 'E: Unable to locate package redis-server' };
    };
    const lines: string[] = [];
    expect(ensureTestPackages(() => probes(), { run, log: () => undefined })).toBe(true);
    expect(commands).toEqual([]);
    const failed = ensureTestPackages(() => probes({ hasRedisServer: false }), {
      run,
      log: (line) => lines.push(line),
    });
    expect(failed).toBe(false);
    expect(lines.join('\n')).toContain('E: Unable to locate package redis-server');
  });
});
