import { defineProject } from 'vitest/config';

// Browser tests: the real server in-process, the built widget and demo page, one Debian Chromium
// per run (support/global-setup.ts). One file at a time: two at once, each with its server and
// pages, were no faster on two cores and let timing-sensitive journeys time out. The files share
// one worker's modules (the server and playwright are imported once, not 31 times, about 2 s of
// each file): each file starts its own server on its own database and closes it, as the server
// tests do.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    setupFiles: ['../scripts/vitest-assertion-count.ts'],
    include: ['**/*.test.ts'],
    exclude: ['artifacts/**', 'node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default; the page and the server on a loaded machine may
    // take longer (the same 15 s as playwright's action timeout in support/cashier.ts).
    expect: { poll: { timeout: 15_000 } },
  },
});
