/**
 * The money format of the current brand for components (SPEC §3 currency display formats,
 * SPEC §9 number grouping and Russian-locale style).
 *
 * @packageDocumentation
 */
import { useMemo } from 'react';
import { cashierApi } from '../api/cashier-api';
import { useAppSelector } from '../store/hooks';
import { moneyFormat } from './format';
import type { MoneyFormat } from './format';

/**
 * SPEC §3, §9: formats amounts as the brand asked, from widget_settings.currency_display_setting_id
 * of the current flow's init answer (payments/groups/init or payouts/groups/init). It only reads
 * the cached answer, never fetches; until that answer is there the default format applies
 * (setting 1, digits then ISO code: see DEFAULT_CURRENCY_DISPLAY_SETTING_ID in ./format).
 */
export function useMoneyFormat(): MoneyFormat {
  const flow = useAppSelector((state) => state.session.paymentFlow);
  const { deposit } = cashierApi.endpoints.depositInit.useQueryState(undefined, {
    skip: flow !== 'deposit',
    selectFromResult: ({ data }) => ({
      deposit: data?.widget_settings.currency_display_setting_id,
    }),
  });
  const { payout } = cashierApi.endpoints.payoutInit.useQueryState(undefined, {
    skip: flow === 'deposit',
    selectFromResult: ({ data }) => ({ payout: data?.widget_settings.currency_display_setting_id }),
  });
  const settingId = flow === 'deposit' ? deposit : payout;
  return useMemo(() => moneyFormat(settingId), [settingId]);
}
