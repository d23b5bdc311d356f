/**
 * The demo staff of the back office, written by the seed in sandbox mode only (never in
 * production: the seed does not run there, and the sandbox's demo-code call answers 1901). One
 * account per role for the demo brand, brand0, and an administrator across brands; all share
 * {@link DEMO_STAFF_PASSWORD}, and the roles that need a second factor have a published TOTP
 * secret (add it to an authenticator app, or ask `GET /api/back-office/v1/sandbox/demo-code`).
 * Everything here is public: these accounts open nothing but sandbox data.
 *
 * @packageDocumentation
 */
import type { StaffRole } from '@cashdesk/contract';

/** The password of every demo staff account (published). */
export const DEMO_STAFF_PASSWORD = 'cashdesk-demo-staff';

/** One demo staff account. */
export interface DemoStaffAccount {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  /** The demo brand, or `null` for the administrator. */
  readonly brandId: string | null;
  /** The TOTP secret (base32) of a role that needs a second factor; `null` for the others. */
  readonly totpSecret: string | null;
}

/** The demo staff, one per role. */
export const DEMO_STAFF: readonly DemoStaffAccount[] = [
  {
    email: 'administrator@demo.cashdesk.test',
    name: 'Demo Administrator',
    role: 'administrator',
    brandId: null,
    totpSecret: '33KAEYXF664TC5UNLMCOTLW3C4O5BOWC',
  },
  {
    email: 'owner@demo.cashdesk.test',
    name: 'Demo Owner',
    role: 'owner',
    brandId: 'brand0',
    totpSecret: '3NSXJ7ALJXR5H5LRGDZO2IGBU23OBMM2',
  },
  {
    email: 'finance@demo.cashdesk.test',
    name: 'Demo Finance',
    role: 'finance',
    brandId: 'brand0',
    totpSecret: 'RQ6SZT65CWB35YVNEOBBOSEEVQXUFLDP',
  },
  {
    email: 'support@demo.cashdesk.test',
    name: 'Demo Support',
    role: 'support',
    brandId: 'brand0',
    totpSecret: null,
  },
  {
    email: 'developer@demo.cashdesk.test',
    name: 'Demo Developer',
    role: 'developer',
    brandId: 'brand0',
    totpSecret: '36SPXS7JVKQRJ2CQB5CVLS6ZDWAV5PL6',
  },
];
