/**
 * What browser tests import: the stack, sessions, screenshots and the axe check.
 */
export { checkA11y } from './a11y';
export { DESKTOP_CONTEXT, PHONE_CONTEXT, screenshot } from './browser';
export { newSession } from './stack';
export type { Stack } from './stack';
export { useStackAndBrowser } from './fixture';
