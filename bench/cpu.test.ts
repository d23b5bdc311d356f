import { describe, expect, it } from 'vitest';
import { ceilingRps, cpuSnapshot, parseStat, partsOf, perRequest } from './cpu';

describe('the CPU a request costs, and what the cores allow (bench:server)', () => {
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

  it('reads a /proc stat line, whose name may hold spaces and parentheses', () => {
    // pid (name) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const line = '42 (node (worker) x) S 7 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11';
    expect(parseStat(42, line)).toEqual({
      pid: 42,
      parent: 7,
      name: 'node (worker) x',
      cpuMs: 3000,
    });
    expect(parseStat(42, 'not a stat line')).toBeUndefined();
  });

  it('sums the server with every process under it, and every PostgreSQL process', () => {
    const stat = (pid: number, parent: number, name: string, cpuMs: number) => ({
      pid,
      parent,
      name,
      cpuMs,
    });
    const processes = [
      stat(1, 0, 'init', 5),
      stat(10, 1, 'node', 100), // the server's primary
      stat(11, 10, 'node', 40), // a worker
      stat(12, 11, 'node', 2), // under a worker
      stat(20, 1, 'node', 70), // another process, not the server's
      stat(30, 1, 'postgres', 8),
      stat(31, 30, 'postgres', 12),
    ];
    expect(partsOf(processes, 10)).toEqual({ server: 142, database: 20 });
    expect(partsOf(processes, 99)).toEqual({ server: 0, database: 20 });
  });

  it.runIf(process.platform === 'linux')(
    'reads this process from /proc: its CPU only grows, and is never ahead of what it says it used',
    () => {
      const before = cpuSnapshot(process.pid);
      let spin = 0;
      for (let step = 0; step < 3e7; step += 1) spin += step % 7;
      const after = cpuSnapshot(process.pid);
      expect(spin).toBeGreaterThan(0);
      if (before === undefined || after === undefined) throw new Error('no /proc');
      expect(after.server).toBeGreaterThan(0);
      expect(after.server).toBeGreaterThanOrEqual(before.server);
      expect(after.generator).toBeGreaterThan(before.generator);
      // The server's figure (this process) is read before the generator's, and both count the
      // whole process: it cannot be ahead, but by the 10 ms /proc counts in. (It may be behind:
      // other threads of this process run on between the two reads.)
      expect(after.server).toBeLessThanOrEqual(after.generator + 10);
    },
  );
});
