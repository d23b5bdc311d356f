/**
 * The error page (SPEC §1 page kind error, §2 route /error).
 *
 * @packageDocumentation
 */
export { ErrorPage } from './error-page';
