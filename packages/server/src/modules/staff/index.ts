/**
 * The back office's staff: accounts per brand (or administrators across brands), passwords
 * (scrypt), the TOTP second factor, sessions, invitation and reset links, and the staff
 * management calls (routes/, registered by register-routes.ts). The session itself, which the
 * operator API reads too, is the platform's (http/staff-session.ts).
 *
 * @packageDocumentation
 */
export { disableDemoStaff, seedDemoStaff } from './demo';
export { inviteAdministrator } from './members';
export { currentCode } from './totp';
