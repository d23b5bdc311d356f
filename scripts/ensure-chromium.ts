/**
 * Makes sure the browser tests have a Chromium before `npm test` runs them: CHROMIUM_PATH when it
 * is set, otherwise Debian's /usr/bin/chromium (e2e/support/browser.ts reads the same two). When
 * neither is there it installs Debian's `chromium` package, as root with apt-get and no standard
 * input; anyone else is told the one command to run, and the script fails. Never
 * `npx playwright install`: the registries are all the network there is.
 *
 * Run it with `tsx scripts/ensure-chromium.ts` (the first step of `npm test`).
 *
 * @packageDocumentation
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium, the browser tests' default. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The shell command that installs Debian `packages` as root, with nothing to answer. */
export function aptInstallCommand(packages: readonly string[]): string {
  return `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`;
}

/** The shell command that installs Chromium as root, with nothing to answer. */
export const APT_INSTALL_COMMAND = aptInstallCommand(['chromium']);

/** What the decision looks at, passed in so that tests need no browser, root or apt-get. */
export interface ChromiumProbes {
  /** CHROMIUM_PATH as the environment has it. */
  readonly chromiumPath: string | undefined;
  /** Whether the path is an executable file. */
  readonly isExecutable: (file: string) => boolean;
  /** Whether this process runs as root. */
  readonly isRoot: boolean;
  /** Whether apt-get is on the PATH. */
  readonly hasAptGet: boolean;
}

/** What {@link ensureChromium} does. */
export type ChromiumPlan =
  | { readonly kind: 'ready'; readonly path: string }
  | { readonly kind: 'install'; readonly command: string }
  | { readonly kind: 'fail'; readonly message: string };

const HOW_TO_INSTALL = [
  "The browser tests need Chromium. Install Debian's package:",
  '  sudo apt-get install -y chromium',
  'or point CHROMIUM_PATH at a Chromium binary:',
  '  CHROMIUM_PATH=/path/to/chromium npm test',
].join('\n');

/** Decides, from the probes alone, whether Chromium is there, can be installed, or neither. */
export function planChromium(probes: ChromiumProbes): ChromiumPlan {
  const chosen = probes.chromiumPath?.trim() ?? '';
  if (chosen !== '') {
    // The browser tests use CHROMIUM_PATH when it is set, so installing Debian's would not help.
    if (probes.isExecutable(chosen)) return { kind: 'ready', path: chosen };
    return {
      kind: 'fail',
      message: `CHROMIUM_PATH is ${chosen}, which is not an executable file.\nUnset it to use ${DEBIAN_CHROMIUM}, or point it at a Chromium binary.`,
    };
  }
  if (probes.isExecutable(DEBIAN_CHROMIUM)) return { kind: 'ready', path: DEBIAN_CHROMIUM };
  if (probes.isRoot && probes.hasAptGet) return { kind: 'install', command: APT_INSTALL_COMMAND };
  return { kind: 'fail', message: `No Chromium at ${DEBIAN_CHROMIUM}.\n${HOW_TO_INSTALL}` };
}

/** What {@link ensureChromium} needs besides the probes: a shell to install with and a log. */
export interface ChromiumEffects {
  /** Runs a shell command with no standard input; resolves to its exit code. */
  readonly run: (command: string) => number;
  /** Prints a line for the person running the tests. */
  readonly log: (line: string) => void;
}

/**
 * Ensures Chromium: nothing when it is there, an install when the plan says so (then checks the
 * binary again), and an error with the command to run otherwise. Returns the binary's path.
 */
export function ensureChromium(
  probe: () => ChromiumProbes,
  effects: ChromiumEffects,
): { readonly ok: true; readonly path: string } | { readonly ok: false; readonly message: string } {
  const plan = planChromium(probe());
  if (plan.kind === 'ready') return { ok: true, path: plan.path };
  if (plan.kind === 'fail') return { ok: false, message: plan.message };

  effects.log(`No Chromium at ${DEBIAN_CHROMIUM}: installing Debian's chromium package.`);
  effects.log(`$ ${plan.command}`);
  const code = effects.run(plan.command);
  const after = planChromium(probe());
  if (code === 0 && after.kind === 'ready') return { ok: true, path: after.path };
  return {
    ok: false,
    message: `Installing Chromium failed (apt-get exited with ${code}).\n${HOW_TO_INSTALL}`,
  };
}

/** Whether `file` is an executable file. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `command` is an executable file in a folder of the PATH. */
export function onPath(command: string): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '');
  return dirs.some((dir) => isExecutableFile(path.join(dir, command)));
}

/** The probes of this machine. */
export function machineProbes(): ChromiumProbes {
  return {
    chromiumPath: process.env.CHROMIUM_PATH,
    isExecutable: isExecutableFile,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
  };
}

function runShell(command: string): number {
  // No standard input: apt-get must never wait for an answer.
  const result = spawnSync('sh', ['-c', command], { stdio: ['ignore', 'inherit', 'inherit'] });
  return result.status ?? 1;
}

function main(): void {
  const result = ensureChromium(machineProbes, {
    run: runShell,
    log: (line) => {
      process.stderr.write(`${line}\n`);
    },
  });
  if (!result.ok) {
    process.stderr.write(`\n${result.message}\n\n`);
    process.exitCode = 1;
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main();
}
