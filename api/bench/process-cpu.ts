/**
 * CPU time by process on this machine (Linux /proc), to say where a load's time goes: the API
 * process, PostgreSQL's backends, the Auth emulator, and the load generator (this process).
 */
import fs from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's utime and stime (100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessCpu {
  pid: number;
  ppid: number;
  command: string;
  cpuMs: number;
}

function readProcess(pid: number): ProcessCpu | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command in brackets may hold spaces: the fields after its closing bracket are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return {
      pid,
      ppid: Number(fields[1]),
      command,
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return null; // Gone meanwhile.
  }
}

function allProcesses(): ProcessCpu[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((found): found is ProcessCpu => found !== null);
}

type Group = 'api' | 'postgres' | 'emulator' | 'load';

/** Each process's CPU ms so far and its group (see cpuSpentSince), by pid. */
export type CpuSnapshot = Map<number, { group: Group | null; cpuMs: number }>;

/** CPU so far of every process, each in its group: `api` (descendants of `apiPid`), `emulator` (descendants of this process running firebase), `postgres` (every postgres process), `load` (this process). */
export function cpuSnapshot(apiPid: number): CpuSnapshot {
  const processes = allProcesses();
  const byPid = new Map(processes.map((entry) => [entry.pid, entry]));
  const descends = (entry: ProcessCpu, ancestor: number) => {
    for (let at: ProcessCpu | undefined = entry; at; at = byPid.get(at.ppid))
      if (at.pid === ancestor) return true;
    return false;
  };
  const groupOf = (entry: ProcessCpu): Group | null => {
    if (entry.command.startsWith('postgres') || entry.command.includes('/bin/postgres ')) return 'postgres';
    if (descends(entry, apiPid)) return 'api';
    if (entry.pid === process.pid) return 'load';
    if (
      entry.command.includes('emulators:start') ||
      (descends(entry, process.pid) && entry.command.includes('firebase'))
    )
      return 'emulator';
    return null;
  };
  return new Map(processes.map((entry) => [entry.pid, { group: groupOf(entry), cpuMs: entry.cpuMs }]));
}

/**
 * CPU ms each group spent since `before`, process by process: a process that started since counts
 * whole, one that ended since is left out (a PostgreSQL backend closed by an idle pool would
 * otherwise take its whole lifetime's CPU off the group's total).
 */
export function cpuSpentSince(before: CpuSnapshot, apiPid: number): Record<Group, number> {
  const totals = { api: 0, postgres: 0, emulator: 0, load: 0 };
  for (const [pid, { group, cpuMs }] of cpuSnapshot(apiPid)) {
    if (group) totals[group] += cpuMs - (before.get(pid)?.cpuMs ?? 0);
  }
  return totals;
}
