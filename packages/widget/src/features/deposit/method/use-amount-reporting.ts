import { AMOUNT_CHANGE_DEBOUNCE_MS } from '@cashdesk/domain';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { amountChanged, amountRecorded } from './deposit-method-slice';

/**
 * SPEC §4 "Amount reporting": records the amount the page starts with, then reports the amount
 * once it has stayed unchanged for 1000 ms (SPEC §9 debounce), only when it differs from the
 * last report. See deposit-method-slice.ts for where the reports go.
 */
export function useAmountReporting(payGroupId: string, amount: string): void {
  const dispatch = useAppDispatch();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (reported.current !== null) return;
    reported.current = amount;
    dispatch(amountRecorded({ payGroupId, amount }));
    // Only the first amount is the initial one; later amounts are the debounced reports below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, payGroupId]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const previous = reported.current;
      if (previous === null || previous === amount) return;
      reported.current = amount;
      dispatch(amountChanged({ payGroupId, previousAmount: previous, amount }));
    }, AMOUNT_CHANGE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [amount, dispatch, payGroupId]);
}
