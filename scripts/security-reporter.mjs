// The security table (`npm run security`): a vitest reporter that prints, once the run ends, one row per row a
// test recorded with securityRow() (tests/worker/security-table.ts, carried on the test's meta, which survives the
// workers pool), and a test that recorded none as its name. Failures of the run itself (a file that did not load)
// are counted too, so the closing line never says "all pass" over a broken run.

const AREA = 12;
const TRIED = 100;
const LET = 40;

/** Cut or pad a cell to `width` characters. */
function cell(text, width) {
  const flat = String(text).replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width);
}

function line(area, tried, letThrough, verdict) {
  return `${cell(area, AREA)} | ${cell(tried, TRIED)} | ${cell(letThrough, LET)} | ${verdict}`;
}

export default class SecurityReporter {
  onInit(vitest) {
    this.vitest = vitest;
    this.started = Date.now();
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const out = [];
    let pass = 0;
    let fail = 0;
    out.push('', line('area', 'what was tried', 'let through', 'result'), `${'-'.repeat(AREA)}-+-${'-'.repeat(TRIED)}-+-${'-'.repeat(LET)}-+-------`);
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        fail += 1;
        out.push(line('(file)', module.moduleId.replace(`${process.cwd()}/`, ''), 'did not run', 'FAIL'));
        for (const error of module.errors()) out.push(`    ${error.message}`);
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'skipped' || result.state === 'pending') continue;
        const testFailed = result.state === 'failed';
        const rows = test.meta().security ?? [];
        if (rows.length === 0) {
          out.push(line('-', test.fullName, testFailed ? 'see error' : '-', testFailed ? 'FAIL' : 'PASS'));
          if (testFailed) fail += 1;
          else pass += 1;
        }
        for (const row of rows) {
          // A row that says pass inside a failed test is not a pass: the test's assertions are the judge.
          const ok = row.pass && !testFailed;
          out.push(line(row.area, row.tried, row.letThrough, ok ? 'PASS' : 'FAIL'));
          // A failing row's cells in full, so the table alone says what to look at.
          if (!ok && String(row.tried).length + String(row.letThrough).length > TRIED + LET - 4) out.push(`    tried: ${row.tried}`, `    let through: ${row.letThrough}`);
          if (ok) pass += 1;
          else fail += 1;
        }
        if (testFailed) for (const error of result.errors ?? []) out.push(`    ${test.fullName}: ${String(error.message).split('\n')[0]}`);
      }
    }
    for (const error of unhandledErrors ?? []) {
      fail += 1;
      out.push(line('(run)', String(error.message ?? error).split('\n')[0], 'unhandled error', 'FAIL'));
    }
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    out.push('', `security: ${pass} passed, ${fail} failed, ${pass + fail} rows in ${seconds} s`);
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
