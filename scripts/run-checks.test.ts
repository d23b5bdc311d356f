import { describe, expect, it } from 'vitest';
import {
  STATIC_STEPS,
  cpuSecondsOfTimes,
  runPool,
  runStep,
  timingTable,
  vitestSteps,
} from './run-checks';
import {
  VITEST_PARTS,
  WIDGET_SOURCES,
  coverageOfPart,
  partOf,
  projectsOfPart,
} from './vitest-parts';

describe('npm test runner', () => {
  it('runs at most two steps at a time and keeps the results in the steps order', async () => {
    let running = 0;
    let widest = 0;
    const gates: (() => void)[] = [];
    const results = runPool([1, 2, 3, 4, 5], 2, async (item) => {
      running += 1;
      widest = Math.max(widest, running);
      await new Promise<void>((release) => gates.push(release));
      running -= 1;
      return item * 10;
    });
    // Release whichever step waits, one at a time, until all five have run.
    for (let released = 0; released < 5; released += 1) {
      await Promise.resolve();
      await Promise.resolve();
      const release = gates.shift();
      expect(release).toBeDefined();
      release?.();
    }
    expect(await results).toEqual([10, 20, 30, 40, 50]);
    expect(widest).toBe(2);
  });

  it('prints every step with its time and result, and the total', () => {
    const table = timingTable(
      [
        { name: 'eslint', seconds: 61.04, cpuSeconds: 70.26, code: 0 },
        { name: 'vitest', seconds: 402.5, cpuSeconds: 650, code: 1 },
      ],
      470.2,
    ).split('\n');
    expect(table.slice(1)).toEqual([
      'eslint     61.0 s     70.3 CPU-s  ok',
      'vitest    402.5 s    650.0 CPU-s  failed (1)',
      'total     470.2 s    720.3 CPU-s',
    ]);
  });

  it("reads a step's CPU time from bash's times: its children's user and system time", () => {
    expect(cpuSecondsOfTimes('0m0.004s 0m0.001s\n1m2.500s 0m7.250s\n')).toBe(69.75);
    expect(cpuSecondsOfTimes('')).toBeNaN();
  });

  it('runs a real step under bash: its output, its exit code and the CPU its process used', async () => {
    const quiet = { live: false, nice: 0 };
    const run = await runStep(
      { name: 'node', command: ['node', '-e', 'console.log(6 * 7)'] },
      quiet,
    );
    expect(run).toMatchObject({ name: 'node', code: 0, output: '42\n' });
    // Starting Node alone takes tens of CPU milliseconds; NaN or 0 would mean none was counted.
    expect(run.cpuSeconds).toBeGreaterThan(0);
    const failed = await runStep(
      { name: 'exit 3', command: ['node', '-e', 'process.exit(3)'] },
      quiet,
    );
    expect(failed.code).toBe(3);
    expect(failed.cpuSeconds).toBeGreaterThan(0);
  });

  it('checks what npm run lint checks, and the types', () => {
    expect(STATIC_STEPS.map((step) => step.name).sort()).toEqual(
      ['depcruise', 'eslint', 'knip', 'layout', 'openapi', 'prettier', 'tsc'].sort(),
    );
  });

  it('runs every project once, in Vitest runs whose reports the merge reads', () => {
    const { parts: byName, merge } = vitestSteps('/tmp/run/reports', '/tmp/run');
    const parts = Object.values(byName);
    const flag = (step: { readonly command: readonly string[] }, name: string): string[] =>
      step.command
        .filter((arg) => arg.startsWith(`--${name}=`))
        .map((arg) => arg.split('=')[1] ?? '');
    // Each part is a run of its own that vitest.config.ts gives its projects.
    expect(parts.map((part) => part.env?.CASHDESK_VITEST_PART).sort()).toEqual(
      [...VITEST_PARTS].sort(),
    );
    expect(parts.flatMap((part) => flag(part, 'project'))).toEqual([]);
    // Each part writes its blob into the folder the merge reads, under a name of its own, and
    // keeps its coverage files apart from the others'.
    const blobs = parts.map((part) => flag(part, 'outputFile.blob')[0]);
    expect(new Set(blobs).size).toBe(parts.length);
    for (const blob of blobs) expect(blob?.startsWith('/tmp/run/reports/')).toBe(true);
    expect(new Set(parts.map((part) => flag(part, 'coverage.reportsDirectory')[0])).size).toBe(
      parts.length,
    );
    expect(flag(merge, 'merge-reports')).toEqual(['/tmp/run/reports']);
    // The parts skip the coverage report and thresholds (vitest.config.ts); the merge checks them.
    for (const part of parts) {
      expect(part.command).toContain('--coverage');
    }
    expect(merge.command).toContain('--coverage');
    expect(merge.env).toBeUndefined();
  });

  it('the parts run every project of a whole run exactly once, and count each file by one coverage provider', () => {
    const whole = projectsOfPart(undefined);
    expect(whole).toEqual(expect.arrayContaining(['packages/server', 'packages/widget', 'e2e']));
    expect(VITEST_PARTS.flatMap((part) => projectsOfPart(part)).sort()).toEqual([...whole].sort());
    // The widget's sources are counted by the widget's part alone, with istanbul; every other
    // part leaves them out, so the merge never meets one file counted by two providers.
    expect(coverageOfPart('widget')).toMatchObject({
      provider: 'istanbul',
      include: [`${WIDGET_SOURCES}/*.{ts,tsx}`],
    });
    for (const part of ['others', 'browser'] as const) {
      expect(coverageOfPart(part).provider).toBe('v8');
      expect(coverageOfPart(part).exclude).toContain(WIDGET_SOURCES);
    }
    // A whole run (and the merge) reports and checks the thresholds; a part does neither.
    expect(coverageOfPart(undefined)).toMatchObject({
      provider: 'v8',
      thresholds: { 'packages/domain/src/**': { lines: 95 } },
    });
    expect(coverageOfPart(undefined).exclude).not.toContain(WIDGET_SOURCES);
    for (const part of VITEST_PARTS) {
      expect(coverageOfPart(part)).toMatchObject({ reporter: [], thresholds: {} });
    }
    expect(partOf(undefined)).toBeUndefined();
    expect(() => partOf('all')).toThrow(/CASHDESK_VITEST_PART is one of others, browser, widget/);
  });
});
