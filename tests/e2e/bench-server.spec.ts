// bench:pages runs its server and encoder in the background (scripts/lib/background-server.mjs): a session of
// their own at nice 19, so the browser under test is not slowed by what on a phone would be other machines.
// Everything that process starts must inherit that priority, nothing else may take it (the scheduler shares the
// CPU between sessions, so lowering this process's own session would lower the browser tests' too), and
// nothing of it may outlive stop().
import { readFileSync, readdirSync } from 'node:fs';
import { startBackgroundServer } from '../../scripts/lib/background-server.mjs';
import { expect, test } from './fixtures';

const PORT = 8843;

/** The live processes of a process group, with their nice value (field 19 of /proc/<pid>/stat) and autogroup's. */
function processGroup(pgid: number) {
  const members: { pid: number; command: string; nice: number; autogroupNice: number | null }[] = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After the command's closing parenthesis: state ppid pgrp session ... (pgrp is the 3rd, nice the 17th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid || fields[0] === 'Z') continue; // a zombie has ended: only its exit status is left
    members.push({ pid: Number(entry), command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), nice: Number(fields[16]), autogroupNice: autogroupNice(entry) });
  }
  return members;
}

function autogroupNice(pid: string | number): number | null {
  try {
    return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1]);
  } catch {
    return null; // a kernel without autogroups
  }
}

test('the bench server and everything it starts run at nice 19 in a session of their own, and stop leaves nothing', async () => {
  test.setTimeout(180_000);
  const ownAutogroup = autogroupNice('self');
  const server = await startBackgroundServer({ port: PORT, state: '.wrangler/test-background-server', demo: false });
  let stopped = false;
  try {
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    expect(health.status).toBe(200);

    const members = processGroup(server.pid);
    // The node process and the workerd it started (a child of a child: inheritance, not a renice of known pids).
    expect(members.map((m) => m.command)).toEqual(expect.arrayContaining(['node', 'workerd']));
    for (const member of members) expect(member, `${member.command} (${member.pid})`).toMatchObject({ nice: 19 });
    if (server.priority.autogroup) {
      for (const member of members) expect(member.autogroupNice, `${member.command}'s autogroup`).toBe(19);
      // This process's session (the browser tests' own) keeps its priority.
      expect(autogroupNice('self')).toBe(ownAutogroup);
      expect(ownAutogroup).not.toBe(19);
    }

    await server.stop();
    stopped = true;
    expect(processGroup(server.pid)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
  } finally {
    if (!stopped) await server.stop();
  }
});
