import { ERROR_CODES } from '@cashdesk/contract';
import type { PaySession, SubmitRequestInput } from '@cashdesk/contract';
import { isRepeatSubmission } from '@cashdesk/domain';
import type { SubmissionSnapshot } from '@cashdesk/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { asApiError } from '../api/http';
import type { ApiError } from '../api/http';

/** The arguments of a submit mutation (deposit or withdrawal, SPEC §7). */
export interface SubmitArgs {
  readonly payGroupId: string;
  readonly body: SubmitRequestInput;
  /** One key per attempt; the same key when the very same body is sent again after a failure. */
  readonly idempotencyKey: string;
}

/** An RTK Query mutation trigger of a submit: a promise of the answer that can be aborted. */
export type SubmitTrigger = (
  args: SubmitArgs,
) => PromiseLike<
  | { readonly data: PaySession; readonly error?: undefined }
  | { readonly data?: undefined; readonly error: unknown }
> & { readonly abort: () => void };

/** One submit as the page asks for it. */
export interface SubmitRequest {
  readonly payGroupId: string;
  readonly body: SubmitRequestInput;
  /** What the repeat-submit check compares (SPEC §4): the amount and the fields. */
  readonly snapshot: SubmissionSnapshot;
}

/** How a submit ended. */
export type SubmitResult =
  | { readonly kind: 'answered'; readonly session: PaySession }
  | { readonly kind: 'failed'; readonly error: ApiError }
  /** Another submit is in flight: nothing was sent. */
  | { readonly kind: 'busy' }
  /** The page was left while the submit was in flight; nothing more happens. */
  | { readonly kind: 'aborted' };

interface Attempt {
  readonly snapshot: SubmissionSnapshot;
  readonly key: string;
  readonly request: SubmitRequest;
  /** No answer came (network failure or time-out): the server may have the first result. */
  readonly unanswered: boolean;
}

/** The submit in flight. */
interface InFlight {
  readonly abort: () => void;
  /** Set when the page left: the answer, whatever it is, is no longer the page's business. */
  aborted: boolean;
}

const NO_ANSWER = new Set<unknown>(['FETCH_ERROR', 'TIMEOUT_ERROR']);

/**
 * Whether a failed submit may have started a payment on the server, so that sending the same
 * data again must reuse its Idempotency-Key (the server then answers that payment instead of
 * making another): no answer at all, a server failure (5xx: the payment may be under way), or
 * 1011 (the first request with this key is still running).
 */
export function mayHaveStarted(error: Pick<ApiError, 'status' | 'errorCode'>): boolean {
  if (NO_ANSWER.has(error.status)) return true;
  if (typeof error.status === 'number' && error.status >= 500) return true;
  return error.errorCode === ERROR_CODES.idempotencyInProgress.code;
}

/**
 * SPEC §7 deposit and withdrawal submit with the guarantees of docs/architecture.md "a submit is never sent twice":
 * - one Idempotency-Key per attempt (crypto.randomUUID());
 * - after a failure that may have started the payment ({@link mayHaveStarted}: no answer, a 5xx,
 *   1011), sending the same data again (SPEC §4 repeat-submit check, isRepeatSubmission)
 *   re-sends the very same body under the same key, so the server answers that payment instead
 *   of charging twice;
 * - a submit while one is in flight sends nothing (`busy`), checked synchronously so a double
 *   click cannot slip between two renders;
 * - leaving the page aborts the submit in flight (RTK's abort signal).
 */
export function useSubmitOnce(trigger: SubmitTrigger): {
  readonly submitting: boolean;
  readonly submit: (request: SubmitRequest) => Promise<SubmitResult>;
} {
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef<InFlight | null>(null);
  const lastAttempt = useRef<Attempt | null>(null);

  useEffect(
    () => () => {
      // Leaving the page: abort the submit in flight; its attempt stays "unanswered", so coming
      // back with the same data continues it under the same key.
      const current = inFlight.current;
      inFlight.current = null;
      if (current === null) return;
      current.aborted = true;
      current.abort();
    },
    [],
  );

  const submit = useCallback(
    async (request: SubmitRequest): Promise<SubmitResult> => {
      if (inFlight.current !== null) return { kind: 'busy' };
      const previous = lastAttempt.current;
      const retry =
        previous !== null &&
        previous.unanswered &&
        previous.request.payGroupId === request.payGroupId &&
        isRepeatSubmission(previous.snapshot, request.snapshot);
      const key = retry ? previous.key : crypto.randomUUID();
      // The retry sends the first body byte for byte (browser_data included): the server keys
      // the stored answer on the request's hash, and a changed body would be refused.
      const sent = retry ? previous.request : request;
      const pending = trigger({
        payGroupId: sent.payGroupId,
        body: sent.body,
        idempotencyKey: key,
      });
      const current: InFlight = {
        abort: () => {
          pending.abort();
        },
        aborted: false,
      };
      inFlight.current = current;
      // Until an answer arrives the attempt counts as unanswered (the server may have it).
      lastAttempt.current = { snapshot: request.snapshot, key, request: sent, unanswered: true };
      setSubmitting(true);
      const result = await pending;
      if (inFlight.current === current) inFlight.current = null;
      if (current.aborted) return { kind: 'aborted' };
      setSubmitting(false);
      if (result.data !== undefined) {
        lastAttempt.current = { snapshot: request.snapshot, key, request: sent, unanswered: false };
        return { kind: 'answered', session: result.data };
      }
      const error = asApiError(result.error);
      lastAttempt.current = {
        snapshot: request.snapshot,
        key,
        request: sent,
        unanswered: mayHaveStarted(error),
      };
      return { kind: 'failed', error };
    },
    [trigger],
  );

  return { submitting, submit };
}
