/**
 * SPEC §6 Apple Pay and Google Pay method page (docs/decisions/0122): the amount, then the
 * wallet's own sheet through the browser's Payment Request API. Loaded only when such a method
 * is opened (its own chunk), so no other screen carries it.
 *
 * @packageDocumentation
 */
import type { DepositInitResponse, DepositMethodDetail, PaySession } from '@cashdesk/contract';
import {
  AMOUNT_FIELD_NAME,
  NATIVE_PAY_METHOD_IDS,
  nativePayAmount,
  nativePayWireType,
} from '@cashdesk/domain';
import type { Method, NativePayAmount, NativePayType } from '@cashdesk/domain';
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rememberLastUsedMethod } from '../../../storage/keys';
import { toFieldError } from '../../../fields';
import type { FieldContext } from '../../../fields/types';
import { isolateLtr } from '../../../i18n/format';
import { formSubmitBody } from '../../../method-form/method-form';
import type { MethodForm } from '../../../method-form/method-form';
import { MethodFormLayout } from '../../../method-form/method-form-layout';
import { useMethodForm } from '../../../method-form/use-method-form';
import { useSubmitOnce } from '../../../method-form/use-submit-once';
import type { SubmitResult } from '../../../method-form/use-submit-once';
import { announce } from '../../../ui/announcer';
import { Icon } from '../../../ui/icon';
import { useDepositSubmitMutation, useDepositUploadMutation } from './deposit-method-api';
import { resultAddress, submitOutcome } from './submit-outcome';

export interface NativePayFormProps {
  readonly payGroupId: string;
  readonly wallet: NativePayType;
  readonly form: MethodForm;
  readonly detail: DepositMethodDetail;
  readonly method: Method;
  readonly init: DepositInitResponse;
}

/** SPEC §5: the sheet's amount, by the domain's rule the server charges by. */
function sheetAmount(amount: string, context: FieldContext): NativePayAmount | null {
  const settings = context.amount;
  return nativePayAmount(context.currency, {
    amount,
    precision: context.precision,
    fee: settings?.fee,
    merchantUserFee: settings?.merchantUserFee,
  });
}

/**
 * The payment token of the wallet's answer, as connectors take it: Google Pay's gateway token
 * (`paymentMethodData.tokenizationData.token`), Apple Pay's `token.paymentData` as JSON text;
 * the whole answer as JSON text when it has neither shape. `null` when there is nothing.
 */
export function walletToken(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const google = pathOf(details, ['paymentMethodData', 'tokenizationData', 'token']);
  if (typeof google === 'string' && google !== '') return google;
  const apple = pathOf(details, ['token', 'paymentData']);
  if (apple !== undefined && apple !== null) {
    return typeof apple === 'string' ? apple : JSON.stringify(apple);
  }
  const whole = JSON.stringify(details);
  return whole === '{}' ? null : whole;
}

function pathOf(value: object, path: readonly string[]): unknown {
  let current: unknown = value;
  for (const name of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Object.getOwnPropertyDescriptor(current, name)?.value;
  }
  return current;
}

/** The wallet's method data the connector asked for (SPEC §6), or `null` when unreadable. */
function methodData(detail: DepositMethodDetail): Record<string, unknown> | null {
  const text = detail.native_pay_data;
  if (text === null || text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? Object.fromEntries(Object.entries(parsed))
      : null;
  } catch {
    return null;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * SPEC §6 wallet payment: the amount form of the method; its button opens the wallet's sheet
 * (a PaymentRequest with the deposit's total in the brand's currency), the token goes to the
 * deposit submit, the sheet closes with the server's answer (`complete('success' | 'fail')`)
 * and the result page tells it. A closed sheet (AbortError) keeps the player on the form with
 * nothing charged; a browser that cannot show the sheet says so, charging nothing.
 */
export function NativePayForm({
  payGroupId,
  wallet,
  form,
  detail,
  method,
  init,
}: NativePayFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [depositSubmit] = useDepositSubmitMutation();
  const [upload] = useDepositUploadMutation();
  const { submitting, submit } = useSubmitOnce(depositSubmit);
  const [paying, setPaying] = useState(false);
  const walletName = method.displayName;
  const data = methodData(detail);
  // A connector that gave no wallet data cannot be paid through: said before any press.
  const [notice, setNotice] = useState<string | null>(() =>
    data === null ? t('DEPOSIT_METHOD.NATIVE_PAY.UNAVAILABLE', { wallet: walletName }) : null,
  );

  const tell = (text: string) => {
    setNotice(text);
    announce(text, 'assertive');
  };

  const follow = (session: PaySession) => {
    if (session.result_status === 'success') {
      rememberLastUsedMethod(payGroupId);
    }
    const outcome = submitOutcome(session);
    const status = outcome.kind === 'result' ? outcome.status : session.result_status;
    void navigate(resultAddress(status, search, session.transaction_id), {
      state: { paySession: session, payGroupId },
    });
  };

  const controller = useMethodForm({
    payGroupId,
    form,
    detail,
    method,
    init,
    cards: [],
    submitCall: depositSubmit,
    uploadCall: upload,
    policy: {
      texts: {
        submit: 'DEPOSIT_METHOD.NATIVE_PAY.PAY',
        submitNoAmount: 'DEPOSIT_METHOD.SUBMIT_NO_AMOUNT',
        submitting: 'DEPOSIT_METHOD.SUBMITTING',
      },
      buildRequest: () => ({ ok: false, error: { key: 'DEPOSIT_METHOD.NATIVE_PAY.UNAVAILABLE' } }),
      onAnswer: follow,
    },
  });

  /** Sends the token; the sheet closes with the server's answer. */
  const pay = async (response: PaymentResponse, body: Parameters<typeof submit>[0]) => {
    const token = walletToken(response.details);
    if (token === null) {
      await response.complete('fail');
      tell(t('DEPOSIT_METHOD.NATIVE_PAY.UNAVAILABLE', { wallet: walletName }));
      return;
    }
    const result: SubmitResult = await submit({
      ...body,
      body: { ...body.body, native_pay: { wallet: nativePayWireType(wallet), token } },
    });
    if (result.kind === 'answered') {
      await response.complete(result.session.result_status === 'success' ? 'success' : 'fail');
      follow(result.session);
      return;
    }
    await response.complete('fail');
    if (result.kind === 'failed') controller.showFailure(result.error);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying || submitting) return;
    setNotice(null);
    if (!controller.validateShown(controller.shown)) return;
    const built = formSubmitBody(form, controller.shown, controller.values, [], {});
    const amount = built.ok ? sheetAmount(built.payload.amount, controller.contexts.amount) : null;
    if (!built.ok || amount === null) {
      const error = built.ok ? { key: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT' } : built.error;
      controller.showErrors({ [AMOUNT_FIELD_NAME]: toFieldError(error) }, AMOUNT_FIELD_NAME);
      return;
    }
    let request: PaymentRequest;
    try {
      if (data === null) throw new Error('no wallet data');
      request = new PaymentRequest([{ supportedMethods: NATIVE_PAY_METHOD_IDS[wallet], data }], {
        total: { label: t('DEPOSIT_METHOD.NATIVE_PAY.TOTAL_LABEL'), amount },
      });
    } catch {
      tell(t('DEPOSIT_METHOD.NATIVE_PAY.UNAVAILABLE', { wallet: walletName }));
      return;
    }
    setPaying(true);
    const body = {
      payGroupId,
      body: built.payload,
      snapshot: { amount: built.payload.amount, parameters: built.payload.fields },
    };
    // show() runs inside the press, as the API requires; everything after it may wait.
    request
      .show()
      .then((response) => pay(response, body))
      .catch((error: unknown) => {
        tell(
          isAbort(error)
            ? t('DEPOSIT_METHOD.NATIVE_PAY.CANCELLED', { wallet: walletName })
            : t('DEPOSIT_METHOD.NATIVE_PAY.UNAVAILABLE', { wallet: walletName }),
        );
      })
      .finally(() => {
        setPaying(false);
      });
  };

  const waiting = paying || submitting;
  const total = sheetAmount(controller.amount, controller.contexts.amount);
  const submitLabel = waiting
    ? t('DEPOSIT_METHOD.SUBMITTING')
    : total === null
      ? t('DEPOSIT_METHOD.NATIVE_PAY.PAY_NO_AMOUNT', { wallet: walletName })
      : t('DEPOSIT_METHOD.NATIVE_PAY.PAY', {
          wallet: walletName,
          amount: isolateLtr(controller.money(total.value)),
        });

  return (
    <MethodFormLayout
      form={form}
      detail={detail}
      method={method}
      controller={{ ...controller, onSubmit, waiting, submitLabel }}
      notices={
        notice === null ? null : (
          <p className="cd-method__notice" role="status">
            <Icon name="info" /> {notice}
          </p>
        )
      }
    />
  );
}
