import { describe, expect, it } from 'vitest';
import { ceilingRps, cpuSnapshot, perRequest } from './cpu';

describe('the CPU a request costs, and what the cores allow (issue 16, bench:server)', () => {
  it('one process is capped by its own core, two by the machine once all parts share it', () => {
    // 0.5 ms in the server, 0.2 ms in PostgreSQL, 0.1 ms in the load generator, on 2 cores.
    const cost = { server: 0.5, database: 0.2, generator: 0.1 };
    expect(ceilingRps(cost, 1, 2)).toBeCloseTo(2000);
    expect(ceilingRps(cost, 2, 2)).toBeCloseTo(2500);
    // With cores to spare, each process adds its own core.
    expect(ceilingRps(cost, 2, 8)).toBeCloseTo(4000);
    expect(ceilingRps({ server: 0, database: 0, generator: 0 }, 1, 2)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('a request’s cost is the difference of two snapshots over the requests served', () => {
    const before = { server: 100, database: 40, generator: 10 };
    const after = { server: 600, database: 240, generator: 110 };
    expect(perRequest(before, after, 1000)).toEqual({
      server: 0.5,
      database: 0.2,
      generator: 0.1,
    });
    expect(perRequest(before, after, 0)).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')(
    'reads this process’s own CPU from /proc as the server’s, and it only grows',
    () => {
      const before = cpuSnapshot(process.pid);
      let spin = 0;
      for (let step = 0; step < 3e7; step += 1) spin += step % 7;
      const after = cpuSnapshot(process.pid);
      expect(spin).toBeGreaterThan(0);
      if (before === undefined || after === undefined) throw new Error('no /proc');
      expect(after.server).toBeGreaterThanOrEqual(before.server);
      expect(after.generator).toBeGreaterThan(before.generator);
      // The server's tree holds this process, so it has used at least what it says it used
      // (to the 10 ms /proc counts in).
      expect(after.server + 10).toBeGreaterThanOrEqual(after.generator);
    },
  );
});
