import { AMOUNT_CHANGE_DEBOUNCE_MS, amountReport } from '@cashdesk/domain';
import type { AmountReportState } from '@cashdesk/domain';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../store/hooks';
import { trackClickstream } from '../realtime/clickstream';

/** The pay group's limits the amount events carry (SPEC §7). */
export interface AmountLimits {
  readonly minAmount: string | null;
  readonly maxAmount: string | null;
}

/** A report as the page's own state may keep it: the initial amount, or a change from `previous`. */
export type AmountReported =
  | { readonly kind: 'initial'; readonly amount: string }
  | { readonly kind: 'changed'; readonly amount: string; readonly previous: string };

/**
 * SPEC §4 "Amount reporting", on the method pages of both flows: records the amount the page
 * starts with, then reports the amount once it has stayed unchanged for 1000 ms (SPEC §9
 * debounce), only when it differs from the last report (the domain's `amountReport`). Each report
 * goes, as an `amount` event with the pay group's limits, to the clickstream (SPEC §7), and to
 * `onReported` when the page keeps its own record (the deposit page's slice).
 */
export function useAmountReporting(
  payGroupId: string,
  amount: string,
  limits: AmountLimits = { minAmount: null, maxAmount: null },
  onReported?: (report: AmountReported) => void,
): void {
  const dispatch = useAppDispatch();
  const reported = useRef<AmountReportState>({ reported: null });
  const { minAmount, maxAmount } = limits;
  const record = useRef(onReported);
  useEffect(() => {
    record.current = onReported;
  });

  useEffect(() => {
    if (reported.current.reported !== null) return;
    const { state, report } = amountReport(reported.current, amount);
    reported.current = state;
    if (report === null) return;
    record.current?.({ kind: 'initial', amount });
    dispatch(
      trackClickstream({
        type: 'amount',
        payGroup: { id: payGroupId, minAmount, maxAmount },
        data: { action: report.action, amount: report.amount },
      }),
    );
    // Only the first amount is the initial one; later amounts are the debounced reports below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, payGroupId]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const previous = reported.current.reported;
      if (previous === null) return;
      const { state, report } = amountReport(reported.current, amount);
      reported.current = state;
      if (report === null) return;
      record.current?.({ kind: 'changed', amount, previous });
      dispatch(
        trackClickstream({
          type: 'amount',
          payGroup: { id: payGroupId, minAmount, maxAmount },
          data: { action: report.action, amount: report.amount, previous_amount: previous },
        }),
      );
    }, AMOUNT_CHANGE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [amount, dispatch, payGroupId, minAmount, maxAmount]);
}
