import { isWalletPayGroup } from '@cashdesk/domain';
import type { MerchantRedirectSources, PaymentFlow, ResultStatus } from '@cashdesk/domain';
import type { PaySession } from '@cashdesk/contract';
import { useDepositInitQuery, usePayoutInitQuery } from '../../api/cashier-api';
import { useAppSelector } from '../../store/hooks';
import { readSelectedMethodId } from '../../method-list/home-storage';
import { transactionIdOf } from './route-state';
import {
  altMethodOf,
  MERCHANT_PROCESSING_URL,
  MERCHANT_REDIRECT_TYPE,
  MERCHANT_SUCCESS_URL,
  MERCHANT_URL,
  readKey,
} from '../../storage/keys';
import type { FinishContext } from './finish';

/** The redirect time-outs of SPEC §3 widgetSettings, in seconds, when the init answer had them. */
export interface RedirectTimeouts {
  readonly processing: number | null;
  readonly success: number | null;
}

/** What {@link useFinishContext} gives a result page. */
export interface FinishInputs {
  readonly context: FinishContext;
  readonly timeouts: RedirectTimeouts;
  /** False while the init answer is still loading (its time-outs may change the countdown). */
  readonly ready: boolean;
}

function firstText(...values: readonly (string | null | undefined)[]): string | null {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value;
  return null;
}

/**
 * SPEC §2 redirect after finishing, §3: everything a result page needs to leave: the merchant
 * URLs (the pay session's own first, then the init answer's, then the session state's, then the
 * stored ones — a result page reached by the provider's redirect is a fresh load), the
 * merchant_redirect_url and merchant_domain query parameters, the device and frame mode, and the
 * redirect time-outs. The init answer is the cached one of the method list (RTK Query), fetched
 * only when this is a fresh load.
 */
export function useFinishContext(
  flow: PaymentFlow,
  resultStatus: ResultStatus,
  pathname: string,
  paySession: PaySession | null,
  payGroupId: string | null,
): FinishInputs {
  const deposit = useDepositInitQuery(undefined, { skip: flow !== 'deposit' });
  const payout = usePayoutInitQuery(undefined, { skip: flow !== 'withdrawal' });
  const init = flow === 'deposit' ? deposit.data : payout.data;
  // SPEC §4 wallet-pay context: the method paid with (the form's, else the one chosen last in this
  // tab, for a page the provider returned to) is a wallet.
  const groups = flow === 'deposit' ? deposit.data?.payment_groups : payout.data?.payout_groups;
  const payingId =
    payGroupId ??
    altMethodOf(paySession?.transaction_id ?? transactionIdOf(window.location.search)) ??
    String(readSelectedMethodId() ?? '');
  const paying = groups?.find((group) => String(group.id) === payingId);
  const session = useAppSelector((state) => state.session);
  const { merchant, params } = session;
  const sources: MerchantRedirectSources = {
    successUrl: firstText(
      paySession?.success_url,
      init?.merchant_success_url,
      merchant.merchantSuccessUrl,
      readKey(MERCHANT_SUCCESS_URL),
    ),
    failUrl: firstText(paySession?.fail_url, init?.merchant_fail_url, merchant.merchantFailUrl),
    processingUrl: firstText(
      paySession?.processing_url,
      init?.merchant_processing_url,
      merchant.merchantProcessingUrl,
      readKey(MERCHANT_PROCESSING_URL),
    ),
    queryRedirectUrl: params.merchantRedirectUrl,
    merchantDomain: params.merchantDomain,
    merchantUrl: firstText(
      paySession?.merchant_url,
      init?.merchant_url,
      merchant.merchantUrl,
      readKey(MERCHANT_URL),
    ),
    ownOrigin: window.location.origin,
  };
  return {
    context: {
      pathname,
      flow,
      resultStatus,
      device: session.environment.device,
      inFrame: session.isCustomIframeMode,
      sources,
      // The language the host asked for: the merchant's site speaks it, whatever the cashier does.
      lang: params.lang,
      isWalletPay: paying !== undefined && isWalletPayGroup(paying.native_pay_type),
      merchantRedirectType: firstText(
        init?.merchant_redirect_type,
        merchant.merchantRedirectType,
        readKey(MERCHANT_REDIRECT_TYPE),
      ),
    },
    timeouts: {
      processing: init?.widget_settings.processing_page_redirect_timeout ?? null,
      success: init?.widget_settings.success_page_redirect_timeout ?? null,
    },
    ready: !deposit.isLoading && !payout.isLoading,
  };
}
