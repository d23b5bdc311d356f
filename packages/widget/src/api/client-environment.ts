/**
 * SPEC §1: the channel, platform and device the start-up decided, sent to the server
 * with every call (the domain's `clientEnvironmentHeaders`: `x-channel`, `x-platform`,
 * `x-device`), and told to the host bridge (a native app's bridge gets the host messages). Set
 * once by the shell; tests set their own.
 *
 * @packageDocumentation
 */
import { clientEnvironmentHeaders } from '@cashdesk/domain';
import type { ClientEnvironment } from '@cashdesk/domain';

let current: ClientEnvironment | null = null;
let headers: Readonly<Record<string, string>> = {};

/** Remembers the environment of this page load. */
export function setClientEnvironment(environment: ClientEnvironment | null): void {
  current = environment;
  headers = environment === null ? {} : clientEnvironmentHeaders(environment);
}

/** The environment of this page load, or null before the shell set it. */
export function clientEnvironment(): ClientEnvironment | null {
  return current;
}

/** The headers every call carries (none before the shell set the environment). */
export function environmentHeaders(): Readonly<Record<string, string>> {
  return headers;
}
