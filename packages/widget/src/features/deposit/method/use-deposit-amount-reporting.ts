import { useAppDispatch } from '../../../app/hooks';
import { useAmountReporting } from '../../../method-form/use-amount-reporting';
import type { AmountLimits } from '../../../method-form/use-amount-reporting';
import { amountChanged, amountRecorded } from './deposit-method-slice';

/**
 * SPEC §4 "Amount reporting" on the deposit method page: the shared reporting (clickstream), and
 * the page's own record of it in the deposit method slice (`amountRecorded`, `amountChanged`).
 */
export function useDepositAmountReporting(
  payGroupId: string,
  amount: string,
  limits: AmountLimits,
): void {
  const dispatch = useAppDispatch();
  useAmountReporting(payGroupId, amount, limits, (report) => {
    dispatch(
      report.kind === 'initial'
        ? amountRecorded({ payGroupId, amount: report.amount })
        : amountChanged({ payGroupId, previousAmount: report.previous, amount: report.amount }),
    );
  });
}
