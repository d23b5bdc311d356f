/**
 * The back office's staff rules that the back office and the server both apply.
 *
 * @packageDocumentation
 */
export { staffPasswordProblem } from './password';
export type { StaffPasswordProblem } from './password';
