import type {
  DepositInitResponse,
  DepositMethodDetail,
  PaySession,
  RedirectData,
  SavedCardWire,
} from '@cashdesk/contract';
import {
  AMOUNT_FIELD_NAME,
  ICON_SIZE_LOW,
  MESSAGE_KEYS,
  SAVE_CARD_FIELD_NAME,
  buildBrowserData,
  buildSubmitParameters,
  displayParamsOf,
  fieldKind,
  linkTarget,
  otpCodeField,
  otpRequisiteField,
  resultNavigation,
} from '@cashdesk/domain';
import type {
  FieldValue,
  FormField,
  InnerResultMessage,
  Method,
  PayloadResult,
} from '@cashdesk/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { storedFingerprint } from '../../../storage/fingerprint';
import { rememberAltMethod, rememberLastUsedMethod } from '../../../storage/keys';
import { asApiError } from '../../../api/http';
import { toFieldError } from '../../../fields';
import { announce } from '../../../ui/announcer';
import { Icon } from '../../../ui/icon';
import {
  useDepositOtpMutation,
  useDepositRouteMutation,
  useDepositSubmitMutation,
  useDepositUploadMutation,
  useRecurringCheckMutation,
} from './deposit-method-api';
import { OneTimeCodeSender } from './one-time-code-sender';
import type { CodeSendOutcome } from './one-time-code-sender';
import {
  cardSubmitValues,
  checkoutSubmitBody,
  chosenSavedCard,
  formSubmitBody,
  fieldsShown,
  initialValues,
  textOf,
} from '../../../method-form/method-form';
import type { MethodForm } from '../../../method-form/method-form';
import {
  DISPLAY_FORM_PATH,
  browserRedirectEnvironment,
  followRedirect,
  nextPageAddress,
  resultAddress,
  submitOutcome,
} from './submit-outcome';
import { ThreeDsChallenge } from '../../../method-form/three-ds-challenge';
import { amountReportAction, methodClicked } from './deposit-method-slice';
import { trackClickstream } from '../../../realtime/clickstream';
import { MethodFormLayout } from '../../../method-form/method-form-layout';
import { forgetCardForRetry } from '../../../method-form/retry-card';
import { plainAmount, useMethodForm } from '../../../method-form/use-method-form';
import { RoutingNotice, routesOnChange, useRoutedForm } from '../../../method-form/use-routed-form';
import type { SubmitRequest } from '../../../method-form/use-submit-once';
import { formChoices } from '../../../route-state/display-form';
import type { DisplayFormOrigin } from '../../../route-state/display-form';

export interface MethodFormViewProps {
  readonly payGroupId: string;
  readonly form: MethodForm;
  readonly detail: DepositMethodDetail;
  readonly method: Method;
  readonly init: DepositInitResponse;
  readonly cards: readonly SavedCardWire[];
  /**
   * SPEC §2 checkout (workflow host-to-host, SPEC §4): the form sends the payment request
   * payload with the checkout's card names instead of the deposit submit body.
   */
  readonly checkout?: boolean;
}

/** SPEC §3 browser_data from the real browser. */
function currentBrowserData() {
  return buildBrowserData({
    colorDepth: window.screen.colorDepth,
    language: navigator.language,
    timeZoneOffset: new Date().getTimezoneOffset(),
    timeZoneName: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // Java applets are gone from every browser the cashier supports.
    javaEnabled: false,
    screenHeight: window.screen.height,
    screenWidth: window.screen.width,
    windowHeight: window.innerHeight,
    windowWidth: window.innerWidth,
    userAgent: navigator.userAgent,
  });
}

/**
 * SPEC §2 deposit method page form: the deposit's policy over the one method-form controller
 * (`method-form/use-method-form.ts`, which validates, submits once, auto-submits and reports the
 * amount for both flows). The deposit adds its click events, routing and one-time codes (SPEC §7,
 * §4), the recurring check of a saved card before it is charged, checkout's body (SPEC §4
 * host-to-host), and follows the answer (SPEC §3 pay session): result page, display form, the
 * 3-D Secure challenge in place of the form, or a redirect. Everything typed stays when anything
 * fails.
 */
export function MethodFormView({
  payGroupId,
  form: loadedForm,
  detail,
  method,
  init,
  cards,
  checkout = false,
}: MethodFormViewProps) {
  const { t, i18n } = useTranslation();
  // SPEC §7 route: a routable method's form as the last route answer made it (the loaded one
  // until the player chooses in a field that routes).
  const [depositRoute] = useDepositRouteMutation();
  const { form, routing, route } = useRoutedForm({
    flow: 'deposit',
    detail,
    loadedForm,
    call: (body) => depositRoute({ payGroupId, body }),
  });
  const [depositOtp] = useDepositOtpMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const environment = useAppSelector((state) => state.session.environment);
  // The recurring check asked for the chosen saved card's CVV (SPEC §5, §7).
  const [serverAsksCvv, setServerAsksCvv] = useState(false);
  const [checkingCard, setCheckingCard] = useState(false);
  const [recurringCheck] = useRecurringCheckMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [blockedRedirect, setBlockedRedirect] = useState<string | null>(null);
  // The bank's 3-D Secure challenge shown in place of the form (pay session action `iframe`).
  const [challenge, setChallenge] = useState<RedirectData | null>(null);
  const transactionOfChallenge = useRef<string | null>(null);
  const theme = useAppSelector((state) => state.session.theme);
  const [depositSubmit] = useDepositSubmitMutation();
  const [upload] = useDepositUploadMutation();
  // SPEC §7: the pay group and its limits every clickstream event of this form carries.
  const clickstreamPayGroup = {
    id: payGroupId,
    minAmount: detail.limits.min_amount ?? null,
    maxAmount: detail.limits.max_amount ?? null,
  };

  const controller = useMethodForm({
    payGroupId,
    form,
    detail,
    method,
    init,
    cards,
    submitCall: depositSubmit,
    uploadCall: upload,
    policy: {
      texts: {
        submit: 'DEPOSIT_METHOD.SUBMIT',
        submitWithFee: 'DEPOSIT_METHOD.SUBMIT_WITH_FEE',
        submitNoAmount: 'DEPOSIT_METHOD.SUBMIT_NO_AMOUNT',
        submitting: 'DEPOSIT_METHOD.SUBMITTING',
      },
      shownFields: (current) => fieldsShown(form, current, cards, serverAsksCvv),
      onChanged: (field, value, next) => {
        // The recurring check's CVV request was about the card then chosen.
        if (fieldKind(field) === 'card') setServerAsksCvv(false);
        // SPEC §4: toggling save card sends its analytics click event.
        if (field.name === SAVE_CARD_FIELD_NAME && typeof value === 'boolean') {
          dispatch(methodClicked({ element: 'save_card', payGroupId, checked: value }));
          dispatch(
            trackClickstream({
              type: 'click',
              payGroup: clickstreamPayGroup,
              data: { target: 'save_card', checked: value },
            }),
          );
        }
        setNotice(null);
        // SPEC §7: a choice in a routable method's form asks which fields follow it.
        if (detail.is_routable === true && routesOnChange(field)) void routeWith(next);
      },
      // SPEC §4 amount reporting: the deposit page keeps its own record in its slice.
      onAmountReported: (report) => {
        dispatch(amountReportAction(payGroupId, report));
      },
      onSubmitPressed: () => {
        // SPEC §4: the ordinary submit button's own click event.
        dispatch(methodClicked({ element: 'submit_button', payGroupId }));
        dispatch(
          trackClickstream({
            type: 'click',
            payGroup: clickstreamPayGroup,
            data: { target: 'submit_button' },
          }),
        );
        setNotice(null);
        setBlockedRedirect(null);
      },
      buildRequest: ({ values, shown, documents }) => buildRequest(values, shown, documents),
      confirm: ({ values, amount }) => {
        const saved = chosenSavedCard(values, form.fields, cards);
        return saved === null
          ? Promise.resolve(true)
          : checkSavedCard(saved.card_id, amount, values);
      },
      onAnswer: followAnswer,
      autoSubmit: true,
      busy: checkingCard,
    },
  });
  const { values, setValues, shown, documents, showErrors, showFailure, validateShown } =
    controller;

  /**
   * SPEC §7 POST payments/groups/{paygroup_id}/route with the form as it now stands: the answer's
   * fields become the form's (useRoutedForm), what was typed stays, and fields new to the form
   * start empty.
   */
  const routeWith = async (next: Readonly<Record<string, FieldValue>>) => {
    const current = fieldsShown(form, next, cards, serverAsksCvv);
    const parameters = buildSubmitParameters({
      fields: current,
      values: next,
      flow: 'deposit',
      card: cardSubmitValues(form, current, next, cards),
    });
    const amountText = plainAmount(textOf(next[AMOUNT_FIELD_NAME]));
    const routed = await route({ currency: form.currency, amountText, parameters });
    if (routed === null) return;
    setValues((previous) => ({ ...initialValues(routed, amountText, cards), ...previous }));
  };

  function followAnswer(session: PaySession) {
    if (session.result_status === 'success') rememberLastUsedMethod(payGroupId);
    const outcome = submitOutcome(session);
    const state = { paySession: session, payGroupId };
    switch (outcome.kind) {
      case 'result':
        void navigate(resultAddress(outcome.status, search, session.transaction_id), { state });
        return;
      case 'display-form': {
        // The QR page says what it is for: the method and what was chosen (its network).
        const origin: DisplayFormOrigin = {
          methodName: method.displayName,
          choices: formChoices(shown, values),
        };
        void navigate(nextPageAddress(DISPLAY_FORM_PATH, search, session.transaction_id), {
          state: { ...state, ...origin, displayForm: session.display_form },
        });
        return;
      }
      case 'iframe':
        if (outcome.data === null) {
          // Nothing to show the player: the bank's page is unknown; the form stays as it was.
          setNotice(t('DEPOSIT_METHOD.THREE_DS.MISSING'));
          announce(t('DEPOSIT_METHOD.THREE_DS.MISSING'), 'assertive');
          return;
        }
        transactionOfChallenge.current = session.transaction_id;
        setChallenge(outcome.data);
        return;
      case 'redirect': {
        // SPEC §7 phAltMethods: the provider's return is a fresh page load, which retries with
        // the method the payment left with.
        rememberAltMethod(session.transaction_id, payGroupId);
        // SPEC §2: the same window when the method is flagged self-target (or in a native iOS
        // app), otherwise a new one.
        const fallback = linkTarget({
          isSelfTarget: method.isSelfTarget,
          device: environment.device,
        });
        const followed = followRedirect(
          outcome.data,
          undefined,
          fallback,
          browserRedirectEnvironment(),
        );
        if (followed === 'blocked') setBlockedRedirect(outcome.data.url);
        return;
      }
    }
  }

  /**
   * SPEC §2: the result message of the inner cashier frame the challenge returned to: the
   * result page of its flow and status, with the payment in the query and the theme kept.
   */
  const challengeAnswered = useCallback(
    (message: InnerResultMessage) => {
      const query = new URLSearchParams(search);
      const transactionId = message.transactionId ?? transactionOfChallenge.current;
      if (transactionId !== null) query.set('transaction_id', transactionId);
      const next = resultNavigation({
        type: message.paymentType,
        status: message.status,
        currentSearch: query.toString(),
        theme,
      });
      if (next === null) return;
      if (message.status === 'success') {
        rememberLastUsedMethod(payGroupId);
        forgetCardForRetry();
      }
      void navigate(next, { state: { payGroupId } });
    },
    [navigate, payGroupId, search, theme],
  );

  const leaveChallenge = useCallback(() => {
    setChallenge(null);
    announce(t('DEPOSIT_METHOD.THREE_DS.LEFT'), 'polite');
  }, [t]);

  // SPEC §3 one-time code, §4, §7 payments otp: a form with a requisite is confirmed by a code
  // sent to it and typed into the field the domain names.
  const requisiteField = otpRequisiteField(shown);
  const codeField = otpCodeField(shown);
  const sendCode = async (): Promise<CodeSendOutcome> => {
    if (requisiteField === undefined || codeField === undefined) return { kind: 'invalid' };
    if (!validateShown([requisiteField])) return { kind: 'invalid' };
    const built = formSubmitBody(form, shown, values, cards, documents);
    if (!built.ok) {
      showErrors({ [AMOUNT_FIELD_NAME]: toFieldError(built.error) }, AMOUNT_FIELD_NAME);
      return { kind: 'invalid' };
    }
    const result = await depositOtp({
      payGroupId,
      body: {
        currency: built.payload.currency,
        amount: built.payload.amount,
        parameters: built.payload.fields,
        field_name: codeField.name,
      },
    });
    if (result.error !== undefined) {
      showFailure(asApiError(result.error));
      return { kind: 'failed' };
    }
    return { kind: 'answered', answer: result.data };
  };

  /**
   * SPEC §3: the submit of the form as it stands: the deposit submit body with browser_data and
   * the stored fingerprint, or on checkout the payment request payload (which carries both).
   * SPEC §2: both carry the display parameters of the cashier's address, which the server writes
   * into the addresses that bring the player back from the provider's page.
   */
  function buildRequest(
    current: Readonly<Record<string, FieldValue>>,
    currentShown: readonly FormField[],
    documents: Readonly<Record<string, string>>,
  ): PayloadResult<SubmitRequest> {
    const fingerprint = storedFingerprint();
    const browserData = currentBrowserData();
    const display = displayParamsOf(search);
    const displayParams = Object.keys(display).length === 0 ? {} : { display_params: display };
    if (checkout) {
      const built = checkoutSubmitBody(form, currentShown, current, cards, {
        browserData,
        fingerprint,
      });
      if (!built.ok) return built;
      return {
        ok: true,
        payload: {
          payGroupId,
          body: { ...built.payload, ...displayParams },
          snapshot: {
            amount: textOf(current[AMOUNT_FIELD_NAME]),
            parameters: built.payload.parameters,
          },
        },
      };
    }
    const built = formSubmitBody(form, currentShown, current, cards, documents);
    if (!built.ok) return built;
    return {
      ok: true,
      payload: {
        payGroupId,
        body: {
          ...built.payload,
          browser_data: browserData,
          ...(fingerprint === null || fingerprint === '' ? {} : { fingerprint }),
          ...displayParams,
        },
        snapshot: { amount: built.payload.amount, parameters: built.payload.fields },
      },
    };
  }

  const cvvToAskFor = useRef<string | null>(null);
  useEffect(() => {
    const name = cvvToAskFor.current;
    if (!serverAsksCvv || name === null) return;
    cvvToAskFor.current = null;
    showErrors({ [name]: { key: MESSAGE_KEYS.fieldRequired } }, name);
  }, [serverAsksCvv, showErrors]);

  /**
   * SPEC §7 recurring check before a saved card is charged: a card that may not pay this amount
   * gets its error on the card choice; a CVV the check asks for (and the form did not show, or
   * left empty) is asked for first. Says whether the payment may go ahead (false when the player
   * has to act first). Only one check runs at a time.
   */
  async function checkSavedCard(
    cardId: string,
    amountText: string,
    current: Readonly<Record<string, FieldValue>>,
  ): Promise<boolean> {
    if (checkingCard) return false;
    setCheckingCard(true);
    const result = await recurringCheck({ user_card_id: cardId, amount: amountText });
    setCheckingCard(false);
    if (result.error !== undefined) {
      showFailure(asApiError(result.error));
      return false;
    }
    const cardField = form.fields.find((field) => fieldKind(field) === 'card')?.name ?? null;
    if (!result.data.allowed) {
      if (cardField !== null) showErrors({ [cardField]: { key: 'CARDS.NOT_ALLOWED' } }, cardField);
      return false;
    }
    const cvvField = form.fields.find((field) => fieldKind(field) === 'cardCvv')?.name ?? null;
    const cvvGiven = cvvField !== null && textOf(current[cvvField]).trim() !== '';
    if (result.data.cvv_required && !cvvGiven && cvvField !== null) {
      // The field appears with the next render; the effect above flags and focuses it then.
      cvvToAskFor.current = cvvField;
      setServerAsksCvv(true);
      return false;
    }
    return true;
  }

  const known = (key: string | null | undefined): string | null =>
    key !== null && key !== undefined && key !== '' && i18n.exists(key) ? t(key) : null;

  if (challenge !== null) {
    return (
      <ThreeDsChallenge data={challenge} onResult={challengeAnswered} onCancel={leaveChallenge} />
    );
  }

  return (
    <MethodFormLayout
      form={form}
      detail={detail}
      method={method}
      controller={controller}
      afterField={(field) =>
        requisiteField !== undefined && field.name === codeField?.name ? (
          <OneTimeCodeSender
            send={sendCode}
            requisite={textOf(values[requisiteField.name])}
            fieldLabel={known(field.label) ?? field.label ?? field.name}
          />
        ) : null
      }
      notices={
        <>
          <RoutingNotice routing={routing} />
          {notice === null ? null : (
            <p className="cd-method__notice" role="status">
              <Icon name="info" /> {notice}
            </p>
          )}
          {blockedRedirect === null ? null : (
            <p className="cd-method__notice" role="status">
              {t('DEPOSIT_METHOD.REDIRECT_BLOCKED')}{' '}
              <a href={blockedRedirect} target="_blank" rel="noopener noreferrer">
                {t('DEPOSIT_METHOD.REDIRECT_CONTINUE')}
                <Icon name="open_in_new" size={ICON_SIZE_LOW} />
              </a>
            </p>
          )}
        </>
      }
    />
  );
}
