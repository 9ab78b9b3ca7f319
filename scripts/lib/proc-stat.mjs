// Linux's /proc/<pid>/stat for the bench tools: every live process, its command and the fields that follow the
// command (proc(5) numbers them from 3: here `fields[0]` is the state, [1] ppid, [2] pgrp, [11] utime, [12] stime,
// [16] nice). Empty where there is no /proc.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** @returns {{ pid: number, command: string, fields: string[] }[]} */
export function processStats() {
  if (!existsSync('/proc/self/stat')) return [];
  const processes = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command may hold spaces and parentheses: it ends at the last closing parenthesis.
    processes.push({
      pid: Number(pid),
      command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      fields: stat
        .slice(stat.lastIndexOf(')') + 2)
        .trimEnd()
        .split(' '),
    });
  }
  return processes;
}
