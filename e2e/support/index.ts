/**
 * What browser tests import: the stack, sessions, Chromium, screenshots and the axe check.
 */
export { checkA11y, formatViolations, FAILING_IMPACTS } from './a11y';
export type { A11yOptions, A11yViolation } from './a11y';
export { ARTIFACTS_DIR, CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser, screenshot } from './browser';
export { freePort, newSession, startStack } from './stack';
export type { NewSessionOptions, Stack, StackOptions, TestSession } from './stack';
export { useStackAndBrowser } from './fixture';
export type { StackAndBrowser } from './fixture';
