// Prints one plain closing line, "tests: N passed, N failed, N skipped", after a Vitest run, so that
// CI logs carry a count that does not depend on Vitest's coloured summary layout.

/** @type {import('vitest/reporters').Reporter} */
export default class SummaryReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules, unhandledErrors) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) {
        // A file that failed to load has no test cases: count it as one failure.
        failed += 1;
      }
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
