/**
 * CPU time read from Linux's /proc, for `bench/server.ts`: how much of the machine one request
 * costs the server's processes, the database and the load generator. From that the bench
 * computes the most that more server processes could give on this machine at all, so a "two
 * processes ÷ one" figure can be read against what the cores allow.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat counts in USER_HZ, which Linux fixes at 100 per second for user space. */
const MS_PER_TICK = 10;

/** CPU milliseconds used so far, by part. */
export interface CpuSnapshot {
  /** The server: the target process and every process under it (a cluster's workers). */
  readonly server: number;
  /** Every PostgreSQL process on this machine (the postmaster and its backends). */
  readonly database: number;
  /** This process: the load generator runs in it. */
  readonly generator: number;
}

/** One process as /proc/<pid>/stat tells it. */
export interface ProcessStat {
  readonly pid: number;
  readonly parent: number;
  readonly name: string;
  readonly cpuMs: number;
}

function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return undefined; // gone since the directory was listed
  }
  return parseStat(pid, text);
}

/** A /proc/<pid>/stat line read; undefined when it is not one. */
export function parseStat(pid: number, text: string): ProcessStat | undefined {
  // "pid (name) state ppid … utime stime …": the name may hold spaces and parentheses.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const parent = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (open < 0 || close < open || !Number.isFinite(parent) || !Number.isFinite(ticks)) {
    return undefined;
  }
  return { pid, parent, name: text.slice(open + 1, close), cpuMs: ticks * MS_PER_TICK };
}

function allProcesses(): ProcessStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => readStat(Number(entry)) ?? []);
}

/** The CPU used so far by `serverPid` and its descendants, by PostgreSQL and by this process;
 *  undefined where /proc is not there to read. */
export function cpuSnapshot(serverPid: number): CpuSnapshot | undefined {
  let processes: ProcessStat[];
  try {
    processes = allProcesses();
  } catch {
    return undefined;
  }
  const own = process.cpuUsage();
  return {
    ...partsOf(processes, serverPid),
    generator: (own.user + own.system) / 1000,
  };
}

/** The CPU of `serverPid` and every process under it, and of every PostgreSQL process. */
export function partsOf(
  processes: readonly ProcessStat[],
  serverPid: number,
): { readonly server: number; readonly database: number } {
  const children = new Map<number, ProcessStat[]>();
  for (const stat of processes) {
    children.set(stat.parent, [...(children.get(stat.parent) ?? []), stat]);
  }
  let server = 0;
  const pending = processes.filter((stat) => stat.pid === serverPid);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    server += next.cpuMs;
    pending.push(...(children.get(next.pid) ?? []));
  }
  const database = processes
    .filter((stat) => stat.name === 'postgres')
    .reduce((sum, stat) => sum + stat.cpuMs, 0);
  return { server, database };
}

/** What one request cost each part, in CPU ms, between two snapshots. */
export function perRequest(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
): CpuSnapshot | undefined {
  if (requests <= 0) return undefined;
  return {
    server: (after.server - before.server) / requests,
    database: (after.database - before.database) / requests,
    generator: (after.generator - before.generator) / requests,
  };
}

/**
 * The most req/s `processes` server processes can serve on `cores` cores, given what a request
 * costs: each process uses at most one core, and all parts together share the machine.
 */
export function ceilingRps(cost: CpuSnapshot, processes: number, cores: number): number {
  const total = cost.server + cost.database + cost.generator;
  if (cost.server <= 0 || total <= 0) return Number.POSITIVE_INFINITY;
  return Math.min(processes / cost.server, cores / total) * 1000;
}
