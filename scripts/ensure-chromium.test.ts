import { describe, expect, it } from 'vitest';
import {
  APT_INSTALL_COMMAND,
  DEBIAN_CHROMIUM,
  ensureChromium,
  planChromium,
} from './ensure-chromium';
import type { ChromiumProbes } from './ensure-chromium';

const probes = (overrides: Partial<ChromiumProbes> = {}): ChromiumProbes => ({
  chromiumPath: undefined,
  isExecutable: () => false,
  isRoot: false,
  hasAptGet: false,
  ...overrides,
});

const executable =
  (...files: string[]) =>
  (file: string): boolean =>
    files.includes(file);

describe('planChromium', () => {
  it('uses CHROMIUM_PATH when it is an executable file', () => {
    const plan = planChromium(
      probes({
        chromiumPath: '/opt/chrome/chrome',
        isExecutable: executable('/opt/chrome/chrome'),
      }),
    );
    expect(plan).toEqual({ kind: 'ready', path: '/opt/chrome/chrome' });
  });

  it('fails on a CHROMIUM_PATH that is not executable, even as root with apt-get', () => {
    const plan = planChromium(
      probes({
        chromiumPath: '/nowhere/chrome',
        isExecutable: executable(DEBIAN_CHROMIUM),
        isRoot: true,
        hasAptGet: true,
      }),
    );
    expect(plan.kind).toBe('fail');
    expect(plan.kind === 'fail' && plan.message).toContain('CHROMIUM_PATH is /nowhere/chrome');
  });

  it('ignores a blank CHROMIUM_PATH', () => {
    const plan = planChromium(
      probes({ chromiumPath: '  ', isExecutable: executable(DEBIAN_CHROMIUM) }),
    );
    expect(plan).toEqual({ kind: 'ready', path: DEBIAN_CHROMIUM });
  });

  it("needs nothing when Debian's chromium is there", () => {
    const plan = planChromium(
      probes({ isExecutable: executable(DEBIAN_CHROMIUM), isRoot: true, hasAptGet: true }),
    );
    expect(plan).toEqual({ kind: 'ready', path: DEBIAN_CHROMIUM });
  });

  it('installs with apt-get as root', () => {
    expect(planChromium(probes({ isRoot: true, hasAptGet: true }))).toEqual({
      kind: 'install',
      command: APT_INSTALL_COMMAND,
    });
  });

  it('installs non-interactively and never with playwright', () => {
    expect(APT_INSTALL_COMMAND).toContain('DEBIAN_FRONTEND=noninteractive');
    expect(APT_INSTALL_COMMAND).toContain('apt-get install -y');
    expect(APT_INSTALL_COMMAND).not.toContain('playwright');
  });

  it.each([
    { isRoot: false, hasAptGet: true },
    { isRoot: true, hasAptGet: false },
    { isRoot: false, hasAptGet: false },
  ])('tells what to run when it cannot install (%o)', (machine) => {
    const plan = planChromium(probes(machine));
    expect(plan.kind).toBe('fail');
    const message = plan.kind === 'fail' ? plan.message : '';
    expect(message).toContain('sudo apt-get install -y chromium');
    expect(message).toContain('CHROMIUM_PATH');
  });
});

describe('ensureChromium', () => {
  const quiet = { log: () => undefined };

  it('runs nothing when Chromium is there', () => {
    const commands: string[] = [];
    const result = ensureChromium(() => probes({ isExecutable: executable(DEBIAN_CHROMIUM) }), {
      ...quiet,
      run: (command) => commands.push(command),
    });
    expect(result).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
    expect(commands).toEqual([]);
  });

  it('installs, then finds the new binary', () => {
    let installed = false;
    const result = ensureChromium(
      () =>
        probes({
          isRoot: true,
          hasAptGet: true,
          isExecutable: (file) => installed && file === DEBIAN_CHROMIUM,
        }),
      {
        ...quiet,
        run: (command) => {
          expect(command).toBe(APT_INSTALL_COMMAND);
          installed = true;
          return 0;
        },
      },
    );
    expect(result).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
  });

  it('fails when apt-get fails', () => {
    const result = ensureChromium(() => probes({ isRoot: true, hasAptGet: true }), {
      ...quiet,
      run: () => 100,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('apt-get exited with 100');
  });

  it('fails when apt-get succeeds but leaves no binary', () => {
    const result = ensureChromium(() => probes({ isRoot: true, hasAptGet: true }), {
      ...quiet,
      run: () => 0,
    });
    expect(result.ok).toBe(false);
  });

  it('does not install when it may not', () => {
    const commands: string[] = [];
    const result = ensureChromium(() => probes({ hasAptGet: true }), {
      ...quiet,
      run: (command) => commands.push(command),
    });
    expect(result.ok).toBe(false);
    expect(commands).toEqual([]);
  });
});
