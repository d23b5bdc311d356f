import { afterEach, expect } from 'vitest';

// Records on each test how many assertions it made (expect(...) calls, expect.poll and
// expect.soft included), so that the closing summary can print the run's total next to its test
// count: a faster suite must not be a suite that checks less. Every project lists this file in
// its setupFiles; scripts/vitest-summary-reporter.mjs sums the figures.

declare module 'vitest' {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
