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
    return { pid, ppid: Number(fields[1]), command, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
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

/** CPU ms so far of the groups: `api` (descendants of `apiPid`), `emulator` (descendants of this process running firebase), `postgres` (every postgres process), `load` (this process). */
export function cpuByGroup(apiPid: number): Record<'api' | 'postgres' | 'emulator' | 'load', number> {
  const processes = allProcesses();
  const byPid = new Map(processes.map((entry) => [entry.pid, entry]));
  const descends = (entry: ProcessCpu, ancestor: number) => {
    for (let at: ProcessCpu | undefined = entry; at; at = byPid.get(at.ppid)) if (at.pid === ancestor) return true;
    return false;
  };
  const totals = { api: 0, postgres: 0, emulator: 0, load: 0 };
  for (const entry of processes) {
    if (entry.command.startsWith('postgres') || entry.command.includes('/bin/postgres ')) totals.postgres += entry.cpuMs;
    else if (descends(entry, apiPid)) totals.api += entry.cpuMs;
    else if (entry.pid === process.pid) totals.load += entry.cpuMs;
    else if (entry.command.includes('emulators:start') || (descends(entry, process.pid) && entry.command.includes('firebase'))) totals.emulator += entry.cpuMs;
  }
  return totals;
}
