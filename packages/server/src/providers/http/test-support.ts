/**
 * Shared helpers of the connector tests: the failure of a call that must fail, checked to be of
 * the expected kind. Test-only; nothing in the server imports it.
 *
 * @packageDocumentation
 */
import { expect } from 'vitest';
import { ProviderCallError } from './http-provider';
import type { ProviderCallFailure } from './http-provider';

/** The rejection of a call, which must be one. */
export async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value: unknown) => {
      throw new Error(`expected the call to fail, it answered ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** The call's {@link ProviderCallError}, checked to be of `failure`. */
export async function callError(
  call: Promise<unknown>,
  failure: ProviderCallFailure,
): Promise<ProviderCallError> {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(ProviderCallError);
  if (!(error instanceof ProviderCallError)) throw error;
  expect(error.failure).toBe(failure);
  return error;
}
