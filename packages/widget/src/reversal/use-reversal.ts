import { useCallback, useReducer, useRef } from 'react';
import { paymentResultMessage } from '@cashdesk/domain';
import { reportPaymentResult } from '../host/host-bridge';
import { asApiError } from '../api/http';
import { isNothingPendingError, useReversePendingWithdrawalMutation } from './reversal-api';
import { INITIAL_REJECT_STATE, rejectReducer, reversalOutcome } from './reversal-state';
import type {
  RejectAction,
  ReversalOutcome,
  ReversalResponse,
  WithdrawalRejectState,
} from './reversal-state';

export interface Reversal {
  readonly state: WithdrawalRejectState;
  readonly outcome: ReversalOutcome | null;
  readonly dispatch: (action: RejectAction) => void;
  /**
   * Sends the reversal once (SPEC §7): a second call while one is in flight does nothing, even
   * before the busy state has rendered. Resolves with the outcome, or `null` when nothing was sent.
   * A successful reversal is reported to the host page (paymentResult, status reversed).
   */
  readonly confirm: () => Promise<ReversalOutcome | null>;
}

/** The reject state of one screen with its reversal call (SPEC §3, §4, §7). */
export function useReversal(): Reversal {
  const [state, dispatch] = useReducer(rejectReducer, INITIAL_REJECT_STATE);
  const [reverse] = useReversePendingWithdrawalMutation();
  const inFlight = useRef(false);

  const confirm = useCallback(async (): Promise<ReversalOutcome | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    dispatch({ type: 'start' });
    let response: ReversalResponse;
    try {
      // One key per confirmation: a network retry of this request is the same reversal.
      const idempotencyKey = crypto.randomUUID();
      response = { kind: 'answer', answer: await reverse({ idempotencyKey }).unwrap() };
    } catch (error: unknown) {
      response = isNothingPendingError(asApiError(error))
        ? { kind: 'nothing-pending' }
        : { kind: 'error' };
    } finally {
      inFlight.current = false;
    }
    dispatch({ type: 'settle', response });
    const outcome = reversalOutcome(response);
    if (outcome?.kind === 'success') {
      // SPEC §4 withdrawal reversal result: money went back to the balance; the host refreshes it.
      const message = paymentResultMessage({
        flow: 'withdrawal',
        status: 'reversed',
        amount: outcome.returned,
        currency: outcome.currency,
        transactionId: null,
      });
      if (message !== null) reportPaymentResult(message);
    }
    return outcome;
  }, [reverse]);

  return { state, outcome: reversalOutcome(state.response), dispatch, confirm };
}
