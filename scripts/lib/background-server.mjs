// A bench's server and live encoder as stand-ins for other machines: in a process and session of their own,
// at the lowest CPU priority, so that on this machine they take only the CPU the browser under test leaves.
//
// Why: bench:pages measures a phone's page load, and a phone shares its CPU with neither the edge nor the
// broadcaster. Here all three share two cores. Linux's scheduler divides the CPU between sessions first
// (autogroups, /proc/sys/kernel/sched_autogroup_enabled) and only then by nice within a session; Chromium
// starts in a session of its own (chrome-launcher detaches it), so renicing workerd and ffmpeg alone changed
// nothing. With the server's whole session at nice 19, Lighthouse's trace of the channel
// page shows about half the waiting inside long tasks.
//
// `node scripts/lib/background-server.mjs '{"port":8823,...}'` is the child; startBackgroundServer spawns it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const LOWEST = 19;

/**
 * Starts the server (fresh state, demo data) and, with `streamKey`, a live broadcast, in a detached child at
 * nice 19 with its session's autogroup at 19. Resolves once the server listens, with the child's pid (also its
 * process group's) and the priority it took; `stop()` ends both. The child also ends when this process does
 * (its stdin closes).
 */
export function startBackgroundServer({ port, state, demo = true, streamKey = null }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify({ port, state, demo, streamKey })], {
    detached: true, // a session of its own: an autogroup of its own
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice('READY '.length)));
      else console.log(line);
    });
    exited.then((code) => reject(new Error(`the background server exited (${code}) before it listened`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    // Whatever of its process group outlived it (an encoder stuck on a PUT to the stopped server) goes too, and stop
    // resolves once it is gone: a killed process at nice 19 on busy cores can take a while to be scheduled to die.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      return; // the group is empty
    }
    for (let waited = 0; waited < 30_000; waited += 50) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        return; // no process of the group is left
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return ready.then((priority) => ({ pid: child.pid, priority, stop }));
}

/** Lowers this process (nice) and its session (autogroup; absent or off on some kernels) to the lowest priority. */
function lowerPriority() {
  setPriority(LOWEST);
  let autogroup = false;
  try {
    writeFileSync('/proc/self/autogroup', String(LOWEST));
    autogroup = true;
  } catch {
    // no autogroups on this kernel: nice alone then orders the threads
  }
  return { nice: LOWEST, autogroup };
}

async function runChild(options) {
  const priority = lowerPriority(); // before anything starts: workerd, wrangler and ffmpeg inherit it
  const { startBenchServer } = await import('./bench-server.mjs');
  const { startBroadcast } = await import('./broadcaster.mjs');
  const server = await startBenchServer({ port: options.port, state: options.state, demo: options.demo });
  const broadcaster = options.streamKey ? startBroadcast({ origin: `http://127.0.0.1:${options.port}`, streamKey: options.streamKey }) : null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (broadcaster && broadcaster.exitCode === null) {
      // First the encoder (it ends its upload on SIGTERM; given 3 s), then the server it uploads to.
      const gone = new Promise((resolve) => broadcaster.once('exit', resolve));
      broadcaster.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 3000))]);
      broadcaster.kill('SIGKILL');
    }
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop); // the bench is gone
  process.stdin.on('error', stop);
  process.stdin.resume();
  console.log(`READY ${JSON.stringify(priority)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runChild(JSON.parse(process.argv[2]));
