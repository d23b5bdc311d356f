// Prints one plain closing line, "tests: N passed, N failed, N skipped", after a Vitest run, so that
// CI logs carry a count that does not depend on Vitest's coloured summary layout.
//
// A run can fail outside any test: a file that throws at import, a beforeAll or afterAll that
// throws (the tests of a failed beforeAll are reported as skipped), an error nobody handled. Each
// of those counts as one failure in "N failed", so the line never says 0 failed for a failed run;
// a line before it names where they happened. A second line, "assertions: N", sums the assertions
// the tests made (recorded by vitest-assertion-count.ts). .ci/run sums these lines across runs.

/**
 * Counts a finished run.
 *
 * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
 * @param {ReadonlyArray<unknown>} unhandledErrors
 */
function summarize(testModules, unhandledErrors) {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  let assertions = 0;
  /** @type {string[]} */
  const failedOutsideTests = [];
  for (const testModule of testModules) {
    let failedHere = 0;
    for (const testCase of testModule.children.allTests()) {
      const state = testCase.result().state;
      assertions += testCase.meta().assertions ?? 0;
      if (state === 'passed') passed += 1;
      else if (state === 'failed') {
        failedTests += 1;
        failedHere += 1;
      } else skipped += 1;
    }
    // Import errors and the file's own hooks land on the module, a describe's hooks on its suite.
    const suitesWithErrors = [testModule, ...testModule.children.allSuites()].filter(
      (suite) => suite.errors().length > 0,
    );
    let outside = suitesWithErrors.length;
    // A file that failed with neither a failed test nor an error of its own still failed.
    if (outside === 0 && failedHere === 0 && testModule.state() === 'failed') outside = 1;
    for (let i = 0; i < outside; i += 1) failedOutsideTests.push(testModule.relativeModuleId);
  }
  return {
    passed,
    failed: failedTests + failedOutsideTests.length + unhandledErrors.length,
    skipped,
    assertions,
    failedOutsideTests,
    unhandled: unhandledErrors.length,
  };
}

/** @type {import('vitest/reporters').Reporter} */
export default class SummaryReporter {
  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
   * @param {ReadonlyArray<unknown>} unhandledErrors
   */
  onTestRunEnd(testModules, unhandledErrors) {
    const summary = summarize(testModules, unhandledErrors);
    const outside = [];
    if (summary.failedOutsideTests.length > 0) {
      const files = [...new Set(summary.failedOutsideTests)].join(', ');
      outside.push(
        `${summary.failedOutsideTests.length} outside any test (import or beforeAll/afterAll: ${files})`,
      );
    }
    if (summary.unhandled > 0) outside.push(`${summary.unhandled} unhandled error(s)`);
    const note = outside.length > 0 ? `\nfailures counted below: ${outside.join('; ')}` : '';
    process.stdout.write(
      `${note}\ntests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n` +
        `assertions: ${summary.assertions}\n`,
    );
  }
}
