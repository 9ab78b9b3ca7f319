// The bench server (scripts/lib/background-server.mjs) is tooling, not the product: it runs as a Node test of its own,
// outside the browser suite. bench:pages runs its server and encoder in the background: a session of their own at
// nice 19, so the browser under test is not slowed by what on a phone would be other machines. Everything that
// process starts must inherit that priority, nothing else may take it (the scheduler shares the CPU between sessions,
// so lowering this process's own session would lower the tests' too), and nothing of it may outlive stop().
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startBackgroundServer } from '../../scripts/lib/background-server.mjs';
import { processStats } from '../../scripts/lib/proc-stat.mjs';

const PORT = 8843;

/** The live processes of a process group, with their nice value (field 19 of /proc/<pid>/stat) and autogroup's. */
function processGroup(pgid) {
  const members = [];
  for (const { pid, command, fields } of processStats()) {
    if (Number(fields[2]) !== pgid || fields[0] === 'Z') continue; // a zombie has ended: only its exit status is left
    members.push({ pid, command, nice: Number(fields[16]), autogroupNice: autogroupNice(pid) });
  }
  return members;
}

function autogroupNice(pid) {
  try {
    return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1]);
  } catch {
    return null; // a kernel without autogroups
  }
}

test('the bench server and everything it starts run at nice 19 in a session of their own, and stop leaves nothing', { timeout: 300_000 }, async () => {
  const ownAutogroup = autogroupNice('self');
  const server = await startBackgroundServer({ port: PORT, state: '.wrangler/test-background-server', demo: false });
  let stopped = false;
  try {
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    assert.equal(health.status, 200);

    const members = processGroup(server.pid);
    // The node process and the workerd it started (a child of a child: inheritance, not a renice of known pids).
    const commands = members.map((m) => m.command);
    for (const expected of ['node', 'workerd']) assert.ok(commands.includes(expected), `${expected} among ${commands.join(', ')}`);
    for (const member of members) assert.equal(member.nice, 19, `${member.command} (${member.pid})`);
    if (server.priority.autogroup) {
      for (const member of members) assert.equal(member.autogroupNice, 19, `${member.command}'s autogroup`);
      // This process's session (the tests' own) keeps its priority.
      assert.equal(autogroupNice('self'), ownAutogroup);
      assert.notEqual(ownAutogroup, 19);
    }

    await server.stop();
    stopped = true;
    assert.deepEqual(processGroup(server.pid), []);
    await assert.rejects(fetch(`http://127.0.0.1:${PORT}/healthz`));
  } finally {
    if (!stopped) await server.stop();
  }
});
