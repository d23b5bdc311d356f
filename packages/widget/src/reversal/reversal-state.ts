/**
 * SPEC §3 "Withdrawal reject state" (amount, currency, isFetching, isOpened, closeTrigger,
 * response) and SPEC §4 "Withdrawal reversal result". The state belongs to one screen (the
 * homepage's popup or the /reject-withdrawal page), so it is a local reducer, not a store slice:
 * nothing else reads it, and leaving the screen forgets it.
 *
 * @packageDocumentation
 */
import { withdrawalReversalStatus } from '@cashdesk/domain';
import type { ReversalAnswer } from './reversal-api';

/** What the reversal call ended with. */
export type ReversalResponse =
  | { readonly kind: 'answer'; readonly answer: ReversalAnswer }
  /** Error 1501: nothing was pending any more (another tab reversed it, or it was paid). */
  | { readonly kind: 'nothing-pending' }
  /** No usable answer (network, time-out, server error): the player may try again. */
  | { readonly kind: 'error' };

/** SPEC §3: the withdrawal reject state. */
export interface WithdrawalRejectState {
  /** The pending amount the player was asked about (decimal string as the server sent it). */
  readonly amount: string | null;
  readonly currency: string | null;
  /** A reversal call is in flight: the confirmation is busy and sends nothing more. */
  readonly isFetching: boolean;
  /** The confirmation popup is open. */
  readonly isOpened: boolean;
  /** Counts the popup's closings, so a screen can react to each one (move the focus). */
  readonly closeTrigger: number;
  readonly response: ReversalResponse | null;
}

export const INITIAL_REJECT_STATE: WithdrawalRejectState = {
  amount: null,
  currency: null,
  isFetching: false,
  isOpened: false,
  closeTrigger: 0,
  response: null,
};

export type RejectAction =
  | { readonly type: 'open'; readonly amount: string; readonly currency: string }
  | { readonly type: 'close' }
  | { readonly type: 'start' }
  | { readonly type: 'settle'; readonly response: ReversalResponse };

/** SPEC §3 transitions of the reject state. */
export function rejectReducer(
  state: WithdrawalRejectState,
  action: RejectAction,
): WithdrawalRejectState {
  switch (action.type) {
    case 'open':
      if (state.isFetching) return state;
      return {
        ...state,
        amount: action.amount,
        currency: action.currency,
        isOpened: true,
        response: null,
      };
    case 'close':
      // A call in flight keeps the popup open: its answer must be seen where it was asked for.
      if (state.isFetching || !state.isOpened) return state;
      return { ...state, isOpened: false, closeTrigger: state.closeTrigger + 1 };
    case 'start':
      return { ...state, isFetching: true, response: null };
    case 'settle':
      return { ...state, isFetching: false, response: action.response };
  }
}

/** How a reversal ended, as the screens tell it. */
export type ReversalOutcome =
  /** SPEC §4: success_amount present; fail_amount may name a part already paid out. */
  | {
      readonly kind: 'success';
      readonly returned: string;
      readonly kept: string | null;
      readonly currency: string;
    }
  /** SPEC §4: an answer without success_amount; fail_amount, when present, was paid out. */
  | { readonly kind: 'failed'; readonly kept: string | null; readonly currency: string }
  | { readonly kind: 'nothing-pending' }
  | { readonly kind: 'error' };

/** SPEC §4: the outcome of a reversal response; `null` while there is none. */
export function reversalOutcome(response: ReversalResponse | null): ReversalOutcome | null {
  if (response === null) return null;
  if (response.kind !== 'answer') return response;
  const { answer } = response;
  const kept = answer.fail_amount;
  if (withdrawalReversalStatus(answer) === 'success' && answer.success_amount !== null) {
    return { kind: 'success', returned: answer.success_amount, kept, currency: answer.currency };
  }
  return { kind: 'failed', kept, currency: answer.currency };
}

/** Whether the player may ask again after this outcome (only when no answer came). */
export function canRetry(outcome: ReversalOutcome | null): boolean {
  return outcome === null || outcome.kind === 'error';
}
