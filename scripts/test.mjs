// npm test: check formatting and lint (Biome); type-check Worker, client and tests; run the component tests (happy-dom,
// beside the build); build the client and check the home page's first-load budget; run the unit and Worker tests
// (vitest in workerd), the browser tests (Playwright + Chromium) and the bench tooling's tests (Node's runner). Ends
// with one summary line.
//
// The checks and the build run two at a time (each line a step prints while another runs starts with its name); then
// the Worker tests, then the browser tests, then the tool tests. `-- --parallel` runs the Worker and browser tests side
// by side as well: on two cores it made timing-bound tests miss their limits, so it is not the default.
// `-- --sequential` runs every step alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { E2E, tool } from './lib/wrangler.mjs';

const bin = tool;
const sequential = process.argv.includes('--sequential');
const runnersSideBySide = process.argv.includes('--parallel') && !sequential;
mkdirSync('test-results', { recursive: true });
const failures = [];
/** Each step's wall time, printed last: CI must finish within 12 minutes, and this says which step to look at. */
const timings = [];

/** Runs one step; resolves with whether it passed. With `tag`, its output lines are prefixed (other steps run too). */
function step(name, command, args, { tag = null, env = {} } = {}) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const began = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0', ...env } });
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
 * The browser tests' server, started early in a process group of its own. `ready` resolves true once it answers its
 * health check, false if it exits or does not answer within five minutes (Playwright then starts its own and says why).
 */
function startE2eServer() {
  console.log(`\n== browser tests' server: node scripts/e2e-server.mjs ${E2E.port} ${E2E.state} (in the background)`);
  const child = spawn('node', ['scripts/e2e-server.mjs', String(E2E.port), E2E.state], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  createInterface({ input: child.stderr }).on('line', (line) => console.log(`[e2e server] ${line}`));
  let exited = false;
  child.on('exit', () => (exited = true));
  const ready = (async () => {
    const deadline = Date.now() + 300_000;
    while (!exited && Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${E2E.port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return true;
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

/** Playwright's JSON report nests suites; a spec failed when its last result is neither passed nor skipped. */
function failedSpecs(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky').map((t) => `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results.at(-1)?.error?.message)}`),
    ),
    ...failedSpecs(suite.suites),
  ]);
}

rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/components.json', { force: true });
rmSync('test-results/e2e.json', { force: true });
rmSync('test-results/tools.tap', { force: true });

const began = performance.now();
const width = sequential ? 1 : 2;
const tag = (name) => (sequential ? {} : { tag: name });
const checks = [
  () => step('format and lint', bin('biome'), ['check', '.'], tag('lint')),
  // The client's program reads the API's routes as declarations (.types/, written by the Worker's check), so it runs
  // after that one, as `npm run typecheck` does.
  async () =>
    (await step(
      'typecheck tsconfig.json',
      bin('tsc'),
      ['-p', 'tsconfig.json', '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--rootDir', 'src', '--outDir', '.types'],
      tag('tsc tsconfig.json'),
    )) && step('typecheck client/tsconfig.json', bin('tsc'), ['-p', 'client/tsconfig.json', '--noEmit'], tag('tsc client/tsconfig.json')),
  ...['tests/worker/tsconfig.json', 'tests/e2e/tsconfig.json'].map((project) => () => step(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit'], tag(`tsc ${project}`))),
  // Components in a DOM in Node: no build, no server, so they run with the checks.
  () =>
    step(
      'component tests',
      bin('vitest'),
      ['run', '--config', 'vitest.components.config.mts', '--reporter=default', '--reporter=json', '--outputFile=test-results/components.json'],
      tag('components'),
    ),
];
// The build first (the browser tests wait for it), the checks beside it.
const buildAndBudget = async () => {
  const ok = await step('build client and Worker', 'node', ['scripts/build.mjs'], tag('build'));
  // The home page's first-load JS within its budget: a page that outgrows it fails here, not in a later audit.
  if (ok) await step('first-load budget', 'node', ['scripts/size.mjs'], tag('size'));
  return ok;
};
const [built] = await inParallel([buildAndBudget, ...checks], width);
const withBrowser = built && !process.argv.includes('--no-e2e');
// The browser tests' server (a Worker build and a fresh seeded state: most of a minute, little CPU) starts now and gets
// ready while the Worker tests run; Playwright then uses it instead of starting its own (playwright.config.ts).
const e2eServer = withBrowser ? startE2eServer() : null;
const runnerTag = (name) => (runnersSideBySide ? { tag: name } : {});
const runners = [() => step('unit + worker tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], runnerTag('worker'))];
if (withBrowser)
  runners.push(async () => {
    const ready = await e2eServer.ready;
    // One that never answered gives the port back: Playwright starts its own there.
    if (!ready) e2eServer.stop();
    return step('browser tests', bin('playwright'), ['test'], { ...runnerTag('browser'), env: ready ? { E2E_SERVER_STARTED: '1' } : {} });
  });
await inParallel(runners, runnersSideBySide ? 2 : 1);
e2eServer?.stop();
// The bench tooling's own tests (Node's runner): last and alone, since the server they start runs at nice 19 and
// gets almost no CPU while anything else keeps the cores busy.
if (built)
  await step('tool tests', 'node', [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    '--test-reporter-destination=test-results/tools.tap',
    'tests/tools/*.test.mjs',
  ]);
timings.push(`all ${Math.round((performance.now() - began) / 1000)} s`);

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
const vitest = readReport('test-results/vitest.json', vitestCounts, NO_COUNTS);
const components = readReport('test-results/components.json', vitestCounts, NO_COUNTS);
const e2e = readReport('test-results/e2e.json', (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped }), NO_COUNTS);
const tapLines = existsSync('test-results/tools.tap') ? readFileSync('test-results/tools.tap', 'utf8').split('\n') : [];
const tools = { passed: tapLines.filter((l) => /^ok /.test(l)).length, failed: tapLines.filter((l) => /^not ok /.test(l)).length, skipped: 0 };
const counted = [vitest, components, e2e, tools];
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
  ...readReport('test-results/vitest.json', vitestFailures, []),
  ...readReport('test-results/components.json', vitestFailures, []),
  ...readReport('test-results/e2e.json', (r) => failedSpecs(r.suites), []),
];
if (failedNames.length) console.log(`\nfailed tests:\n${failedNames.map((n) => `  ✗ ${n}`).join('\n')}`);
console.log(
  `\nunit+worker: ${vitest.passed} passed, ${vitest.failed} failed; components: ${components.passed} passed, ${components.failed} failed; browser: ${e2e.passed} passed, ${e2e.failed} failed; tools: ${tools.passed} passed, ${tools.failed} failed`,
);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`time per step: ${timings.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
