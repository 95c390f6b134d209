import { readFileSync } from 'node:fs';

/**
 * CPU time this process's main thread (the event loop's) has used, in ms, from
 * /proc/self/task/<pid>/stat; undefined where there is no /proc. Unlike an event-loop delay, it
 * does not grow when a busy machine schedules the process late, so a test can tell "work ran on
 * this thread" from "the machine was loaded" (the worker threads of libuv and V8 are not counted).
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
