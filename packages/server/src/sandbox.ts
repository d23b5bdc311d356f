/**
 * @cashdesk/server/sandbox: the sandbox payment engine on its own, for a PSP that runs it in a
 * process of its own (the PSP simulator of `@cashdesk/testkit`): the provider with its in-memory
 * store, the reader of its references, and the `PaymentProvider` types of its answers. The
 * sandbox connector the server runs (state in the database) is in `@cashdesk/server`; the rules
 * it decides by are in `providers/sandbox/README.md`.
 *
 * It also lists the demo staff of the back office (their published password and second-factor
 * secrets), which the demo's start prints.
 *
 * Like `@cashdesk/server/protocols`, this entry opens no database and starts nothing.
 *
 * @packageDocumentation
 */
export { MemorySandboxStore } from './providers/sandbox/memory-store';
export type { MemorySandboxStoreOptions } from './providers/sandbox/memory-store';
export { parseRef } from './providers/sandbox/provider-ref';
export type { SandboxFlow } from './providers/sandbox/provider-ref';
export { SandboxProvider } from './providers/sandbox/sandbox-provider';
export type { SandboxProviderOptions } from './providers/sandbox/sandbox-provider';
export type { LookupResult, ProviderStatus } from './providers/payment-provider';
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './db/seed-data/staff';
export type { DemoStaffAccount } from './db/seed-data/staff';
