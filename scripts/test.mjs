// npm test: check formatting and lint (Biome); type-check Worker, client and tests; run the component tests (happy-dom,
// beside the build); build the client and check the home page's first-load budget; run the unit and Worker tests
// (vitest in workerd), the browser tests (Playwright + Chromium) and the bench tooling's tests (Node's runner). Ends
// with one summary line.
//
// Every step is CPU-bound on two cores, so the steps are laid out to keep both busy (each line a step prints while
// another runs starts with its name): the build and the component tests two at a time, the typechecks and the lint at
// nice 19 from the start, in the CPU the other steps leave; the browser specs that run two at a time; the ones that
// run alone beside the Worker files that need storage apart and the tool tests; then the other Worker tests, idle
// while the browser specs that play video still run, then beside the last of the browser specs.
// `-- --no-e2e` leaves out the browser; `-- --sequential` runs every step alone.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { E2E, tool } from './lib/wrangler.mjs';

const bin = tool;
const sequential = process.argv.includes('--sequential');
mkdirSync('test-results', { recursive: true });
const failures = [];
/** Each step's wall time, printed last: CI must finish within 12 minutes, and this says which step to look at. */
const timings = [];

/**
 * An idle step's command: at nice 19, in a session of its own whose scheduling group is at nice 19 too. Linux shares
 * the CPU between sessions first (autogroups) and applies nice only within one, and Chromium and the browser tests'
 * server run in sessions of their own: a step merely niced in this session took a third of both cores from them.
 * Where the kernel has no autogroups the write fails quietly and nice alone does it.
 */
const GROUP_AT_19 = 'echo 19 > /proc/self/autogroup 2>/dev/null';
const IDLE = ['sh', ['-c', `${GROUP_AT_19}; exec nice -n 19 "$0" "$@"`]];

/** Whether the kernel groups scheduling by session (autogroups), so that a session's group can be made idle and back. */
const AUTOGROUPS = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
})();

/**
 * A step that starts idle and gets its full share later: in a session of its own whose scheduling group is at nice 19,
 * its processes at nice 0. Setting the group back to 0 needs no privilege (raising a process's own nice would).
 */
const IDLE_FIRST = ['sh', ['-c', `${GROUP_AT_19}; exec "$0" "$@"`]];

/**
 * Runs one step; resolves with whether it passed. With `tag`, its output lines are prefixed (other steps run too). With
 * `idle`, it takes only the CPU that the steps beside it leave (IDLE; see `checksBeside` below). With `idleUntil` (a
 * promise; only where the kernel has autogroups), it does so until that promise settles, then takes its full share.
 */
function step(name, command, args, { tag = null, env = {}, idle = false, idleUntil = null } = {}) {
  const note = idle ? ' (idle: nice 19, a session of its own)' : idleUntil ? ' (idle until the steps it waits for end)' : '';
  console.log(`\n== ${name}: ${command} ${args.join(' ')}${note}`);
  const began = performance.now();
  if (idle) [command, args] = [IDLE[0], [...IDLE[1], command, ...args]];
  else if (idleUntil) [command, args] = [IDLE_FIRST[0], [...IDLE_FIRST[1], command, ...args]];
  const detached = idle || Boolean(idleUntil);
  const child = spawn(command, args, {
    detached,
    stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0', ...env },
  });
  // In a session of its own it does not hear the terminal's Ctrl-C: it ends with this run.
  if (detached) {
    const stop = () => process.kill(-child.pid, 'SIGTERM');
    process.on('exit', stop);
    child.on('close', () => process.off('exit', stop));
  }
  idleUntil?.finally(() => {
    try {
      writeFileSync(`/proc/${child.pid}/autogroup`, '0');
      timings.push(`${name} idle for its first ${Math.round((performance.now() - began) / 1000)} s`);
    } catch {
      // It has ended already.
    }
  });
  if (tag) {
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`[${tag}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = Math.round((performance.now() - began) / 1000);
      timings.push(`${name} ${seconds} s`);
      if (status !== 0) failures.push(name);
      if (tag) console.log(`== ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}

/**
 * The browser tests' server, started early in a process group of its own (null when its port is taken). `ready`
 * resolves true once it answers its health check, false if it exits or does not answer within five minutes (Playwright then starts its own and says why).
 */
async function startE2eServer() {
  // Another server already on the port would answer the health check for ours, which would then fail to bind, and
  // the browser tests would run against that one: fail at once instead.
  const taken = await fetch(`http://127.0.0.1:${E2E.port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) {
    console.log(`\n== browser tests' server: port ${E2E.port} already answers (another run or server?): stop it, or set E2E_PORT`);
    failures.push(`browser tests' server (port ${E2E.port} taken)`);
    return null;
  }
  console.log(`\n== browser tests' server: node scripts/e2e-server.mjs ${E2E.port} ${E2E.state} --built (in the background)`);
  // --built: the bundle the build step has just made, not a second one.
  const child = spawn('node', ['scripts/e2e-server.mjs', String(E2E.port), E2E.state, '--built'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  createInterface({ input: child.stderr }).on('line', (line) => console.log(`[e2e server] ${line}`));
  let exited = false;
  child.on('exit', () => (exited = true));
  const started = performance.now();
  const ready = (async () => {
    const deadline = Date.now() + 300_000;
    while (!exited && Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${E2E.port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) {
        timings.push(`browser tests' server ready ${Math.round((performance.now() - started) / 1000)} s after its start`);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return false;
  })();
  const stop = () => {
    if (exited) return;
    exited = true; // asked once: a second stop (the exit handler) finds the group gone
    process.kill(-child.pid, 'SIGTERM');
  };
  process.on('exit', stop);
  return { ready, stop };
}

/** Runs the steps (functions that start one and resolve with whether it passed) at most `width` at a time, in order. */
async function inParallel(steps, width) {
  const results = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const index = next++;
      results[index] = await steps[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return results;
}

/** What `read` takes from a runner's JSON report, or `fallback` when the report is missing or unreadable. */
function readReport(file, read, fallback) {
  if (!existsSync(file)) return fallback;
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return fallback;
  }
}

const NO_COUNTS = { passed: 0, failed: 0, skipped: 0 };

function firstLine(text = '') {
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/**
 * Every error of a browser test's run, each with the line it came from and what the call was waiting for: on a test
 * timeout the first error says only that, the second names the step that never finished.
 */
function testErrors(result) {
  const errors = result?.errors?.length ? result.errors : result?.error ? [result.error] : [];
  return errors
    .map((error) => {
      const message = stripVTControlCharacters(error.message ?? '');
      const at = error.location ? ` (line ${error.location.line})` : '';
      const log = callLog(message);
      return `${firstLine(message)}${at}${log.length ? ` [${log.join(' · ')}]` : ''}`;
    })
    .join(' | ');
}

/**
 * Of a Playwright call log, what it waited for (its first line) and the last thing it said about the element (e.g.
 * "element is not enabled"), without the retries and pauses between.
 */
function callLog(message) {
  const lines = message
    .split('\n')
    .filter((line) => /^\s+(\d+ × |- )/.test(line))
    .map((line) => line.trim().replace(/^(\d+ × )?(- )?/, ''));
  if (!lines.length) return [];
  const why = lines.findLast((line) => !/^(retrying|waiting \d+ms|attempting)/.test(line) && line !== lines[0]);
  return [lines[0], ...(why ? [why] : [])].map((line) => line.slice(0, 160));
}

/**
 * What the page said when a browser test failed: the alerts, dialogs and status lines of the page snapshot Playwright
 * writes beside it (error-context.md), each with a few lines of what it holds. CI keeps no artifacts; this is in its log.
 */
function pageSaid(result) {
  const path = result?.attachments?.find((a) => a.name === 'error-context')?.path;
  if (!path || !existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const snapshot = text.slice(text.indexOf('# Page snapshot')).split('\n');
  const said = [];
  for (let i = 0; i < snapshot.length && said.length < 24; i++) {
    const match = /^(\s*)- (alert|alertdialog|dialog|status)\b/.exec(snapshot[i]);
    if (!match || !/["[:]/.test(snapshot[i].slice(match[0].length))) continue;
    const indent = match[1].length;
    said.push(snapshot[i].slice(indent));
    for (let j = i + 1; j < snapshot.length && j <= i + 5 && snapshot[j].startsWith(`${match[1]}  `); j++) said.push(snapshot[j].slice(indent));
  }
  return said.map((line) => `      ${line.slice(0, 200)}`);
}

/** Playwright's JSON report nests suites; a spec failed when its last result is neither passed nor skipped. */
function failedSpecs(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map((t) => {
          const said = pageSaid(t.results.at(-1));
          return `${spec.file}:${spec.line} › ${spec.title}: ${testErrors(t.results.at(-1))}${said.length ? `\n    the page's alerts, dialogs and status lines:\n${said.join('\n')}` : ''}`;
        }),
    ),
    ...failedSpecs(suite.suites),
  ]);
}

const REPORTS = {
  worker: 'test-results/vitest.json',
  workerAlone: 'test-results/vitest-alone.json',
  components: 'test-results/components.json',
  browser: 'test-results/e2e.json',
  browserVideo: 'test-results/e2e-video.json',
  browserSerial: 'test-results/e2e-serial.json',
  tools: 'test-results/tools.tap',
};
for (const file of Object.values(REPORTS)) rmSync(file, { force: true });

// Ctrl-C or a stop from CI: end as an exit does, so the steps in sessions of their own (the browser tests' server, the
// idle steps) end too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const began = performance.now();
const width = sequential ? 1 : 2;
const tag = (name) => (sequential ? {} : { tag: name });
const withBrowser = !process.argv.includes('--no-e2e');
const tsc = (project, args = [], idle = false) => step(`typecheck ${project}`, bin('tsc'), ['-p', project, ...args], { ...tag(`tsc ${project}`), idle });
/** The browser tests' server, started as soon as the build is there (see startE2eServer). */
let e2eServer = null;
const buildAndBudget = async () => {
  const ok = await step('build client and Worker', 'node', ['scripts/build.mjs'], tag('build'));
  // A fresh seeded state on the Worker just built: it gets ready while the component tests run.
  if (ok && withBrowser) e2eServer = await startE2eServer();
  // The home page's first-load JS within its budget: a page that outgrows it fails here, not in a later audit.
  if (ok) await step('first-load budget', 'node', ['scripts/size.mjs'], tag('size'));
  return ok;
};
// The Worker's program writes the API's declarations (.types/); the Worker tests' program reads src through them (a
// project reference) and the client's reads the routes from them (@api/schema), so both come after it, as in
// `npm run typecheck`.
const sourceChecks = async (idle) => {
  const lint = await step('format and lint', bin('biome'), ['check', '.'], { ...tag('lint'), idle });
  const typed = (await tsc('tsconfig.json', [], idle)) && (await tsc('tests/worker/tsconfig.json', ['--noEmit'], idle)) && (await tsc('client/tsconfig.json', ['--noEmit'], idle));
  const e2eTyped = await tsc('tests/e2e/tsconfig.json', ['--noEmit'], idle);
  return lint && typed && e2eTyped;
};
// With the browser tests, the build and the component tests (a DOM in Node: no build, no server) come first, while the
// browser tests' server starts; the typechecks and the lint then run at nice 19 beside the two-at-a-time browser specs,
// which leave about a tenth of the two cores idle (pages waiting on the server and on a live's segments), and after
// them: they start at once, and take what the steps at normal priority leave (docs/decisions.md, "CI time").
const checksBeside = withBrowser && !sequential;
const checks = [
  buildAndBudget,
  () => step('component tests', bin('vitest'), ['run', '--config', 'vitest.components.config.mts', '--reporter=default', '--reporter=json', `--outputFile=${REPORTS.components}`], tag('components')),
  ...(checksBeside ? [] : [() => sourceChecks(false)]),
];
const sourceChecked = checksBeside ? sourceChecks(true) : Promise.resolve(true);
const [built] = await inParallel(checks, width);

/**
 * Where the Worker tests keep their D1, KV, R2 and Durable Object files (the runner makes them under the temporary
 * directory): memory where the machine has it. Every commit there waits on this disk's fsync otherwise (the ledger's
 * model test: 28 s on disk, 21 s in memory), and neither production D1 nor a developer's SSD is that slow.
 */
const SHM = '/dev/shm';
const workerTmp = (() => {
  try {
    accessSync(SHM, constants.W_OK);
    return { TMPDIR: SHM };
  } catch {
    return {};
  }
})();
// `besideAnother`: its lines are tagged, since another step prints at the same time.
const runVitest = (name, projects, report, besideAnother = false, idleUntil = null) =>
  step(name, bin('vitest'), ['run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile=${report}`], {
    ...(besideAnother ? tag(projects.join('+')) : {}),
    env: workerTmp,
    idleUntil,
  });
const runPlaywright = (name, project, report, env, besideAnother = false) =>
  // Each run its own artifacts folder: Playwright empties the one it writes to, and the summary reads the
  // failures' page snapshots at the end.
  step(name, bin('playwright'), ['test', `--project=${project}`, '--no-deps', `--output=test-results/e2e-artifacts/${project}`], {
    ...(besideAnother ? tag(project) : {}),
    env: { ...env, E2E_REPORT: report },
  });
// The bench tooling's own tests (Node's runner). The server they start runs at nice 19 and gets almost no CPU while
// both cores are busy: they run beside the one-at-a-time browser specs, which leave a core.
const runTools = (besideAnother = false) =>
  step(
    'tool tests',
    'node',
    ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${REPORTS.tools}`, 'tests/tools/*.test.mjs'],
    besideAnother ? tag('tools') : {},
  );

/**
 * CI installs Chromium in the background while the checks run (.ci/run sets CHROMIUM_INSTALL_STATUS, the file the
 * install's exit status lands in): the browser tests wait for it here, and a failed install fails the run with its log.
 */
async function chromiumInstalled() {
  const status = process.env.CHROMIUM_INSTALL_STATUS;
  if (!status) return true;
  const waitBegan = performance.now();
  while (!existsSync(status)) await new Promise((resolve) => setTimeout(resolve, 500));
  timings.push(`waiting for Chromium's install ${Math.round((performance.now() - waitBegan) / 1000)} s`);
  if (readFileSync(status, 'utf8').trim() === '0') return true;
  console.log(`\n== Chromium's install failed:\n${readFileSync(join(dirname(status), 'log'), 'utf8')}`);
  failures.push("Chromium's install");
  return false;
}

if (built && withBrowser && e2eServer && (await chromiumInstalled())) {
  // The run is CPU-bound (docs/decisions.md, "CI time"), so each phase keeps both cores busy: the browser specs that
  // run two at a time; then the ones that must run alone (playwright.config.ts, SERIAL), which use about one core.
  // Beside those run the Worker test files that need storage apart from the others and, in the same lane, some of the
  // others (vitest.config.mts, the `apart` project), then the tool tests (mostly waiting on a server at nice 19); then
  // the other Worker tests (three lanes), as soon as those are done: idle while the serial specs that play video still
  // run (those measure how it plays), at their full share beside the serial specs after those, which measure nothing
  // in time and would otherwise leave a core idle while they end.
  const ready = await e2eServer.ready;
  // One that never answered gives the port back: Playwright starts its own there.
  if (!ready) e2eServer.stop();
  const env = ready ? { E2E_SERVER_STARTED: '1' } : {};
  await runPlaywright('browser tests (two at a time)', 'parallel', REPORTS.browser, env);
  const video = () => runPlaywright('browser tests (one at a time, video)', 'serial-video', REPORTS.browserVideo, env, !sequential);
  const serial = () => runPlaywright('browser tests (one at a time)', 'serial', REPORTS.browserSerial, env, !sequential);
  const apart = () => runVitest('worker tests (apart)', ['apart'], REPORTS.workerAlone, !sequential);
  const shared = (idleUntil = null) => runVitest('unit + worker tests', ['shared'], REPORTS.worker, !sequential, idleUntil);
  if (sequential) {
    for (const run of [video, serial, apart, runTools]) await run();
    e2eServer.stop();
    await shared();
  } else {
    const videoDone = video();
    const browserDone = videoDone.then(serial).then(() => e2eServer.stop());
    // The tool tests after the apart lane, not beside it: their server at nice 19 gets no CPU while both cores are busy.
    await apart().then(() => runTools(true));
    // The other Worker tests start then, idle while the video specs still run (they take what those leave: the specs
    // wait on live segments), and take their full share once those end. Without autogroups they wait for them.
    if (!AUTOGROUPS) await videoDone;
    await shared(AUTOGROUPS ? videoDone : null);
    await browserDone;
  }
} else if (built) {
  await runVitest('unit + worker tests', [], REPORTS.worker);
  await runTools();
}
await sourceChecked;
timings.push(`all ${Math.round((performance.now() - began) / 1000)} s`);

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
const addCounts = (a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped });
const playwrightCounts = (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped });
const worker = addCounts(readReport(REPORTS.worker, vitestCounts, NO_COUNTS), readReport(REPORTS.workerAlone, vitestCounts, NO_COUNTS));
const components = readReport(REPORTS.components, vitestCounts, NO_COUNTS);
const e2e = [REPORTS.browser, REPORTS.browserVideo, REPORTS.browserSerial].map((file) => readReport(file, playwrightCounts, NO_COUNTS)).reduce(addCounts);
const tapLines = existsSync(REPORTS.tools) ? readFileSync(REPORTS.tools, 'utf8').split('\n') : [];
const tools = { passed: tapLines.filter((l) => /^ok /.test(l)).length, failed: tapLines.filter((l) => /^not ok /.test(l)).length, skipped: 0 };
const counted = [worker, components, e2e, tools];
const sum = (key) => counted.reduce((total, counts) => total + counts[key], 0);
const passed = sum('passed');
const failed = sum('failed') + (failures.length && sum('failed') === 0 ? failures.length : 0);
const skipped = sum('skipped');

// The names of failed tests, last, so the tail of a long CI log says what failed (the runners print them far above).
const vitestFailures = (r) =>
  r.testResults.flatMap((file) =>
    file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`),
  );
const failedNames = [
  ...[REPORTS.worker, REPORTS.workerAlone, REPORTS.components].flatMap((file) => readReport(file, vitestFailures, [])),
  ...[REPORTS.browser, REPORTS.browserVideo, REPORTS.browserSerial].flatMap((file) => readReport(file, (r) => failedSpecs(r.suites), [])),
];
if (failedNames.length) console.log(`\nfailed tests:\n${failedNames.map((n) => `  ✗ ${n}`).join('\n')}`);
console.log(
  `\nunit+worker: ${worker.passed} passed, ${worker.failed} failed; components: ${components.passed} passed, ${components.failed} failed; browser: ${e2e.passed} passed, ${e2e.failed} failed; tools: ${tools.passed} passed, ${tools.failed} failed`,
);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`time per step: ${timings.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
