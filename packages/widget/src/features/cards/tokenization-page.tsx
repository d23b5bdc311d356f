/**
 * SPEC §1, §2 /tokenization_page: the player saves a card without paying. The card fields are the
 * deposit form's (number, expiry, security code, holder), checked by the same SPEC §5 rules, and
 * the card goes to POST /user-cards, which hands it to the provider as a deposit's save-card does
 * (no money moves) and keeps only the token with the masked card. The page says what came of it:
 * saved (the card as the saved cards list shows it, and the way there), declined, or not saved and
 * why. Nothing the player typed is stored in the browser; the Idempotency-Key makes a second press
 * after a lost answer save the card once.
 *
 * @packageDocumentation
 */
import type { TokenizeCardResponse } from '@cashdesk/contract';
import {
  CARD_PARAMETER_NAMES,
  EXPIRATION_DATE_FIELD_NAME,
  MESSAGE_KEYS,
  checkCardNumber,
  cleanCardholderName,
  mapFields,
  splitExpiry,
  unformatCardNumber,
  validateCardNumberOnBlur,
  validateSubmittedField,
  validateSubmittedForm,
} from '@cashdesk/domain';
import type { FieldValue, FormField, SubmitRuleContext } from '@cashdesk/domain';
import type { SubmitEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { asApiError } from '../../api/http';
import { FieldView, SavedCardSummary, toFieldError } from '../../fields';
import type { FieldError } from '../../fields';
import { scrollToTop } from '../../host/host-bridge';
import { useAppSelector } from '../../store/hooks';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { useTokenizeCardMutation } from './cards-api';
import './cards.css';

/** SPEC §3 the card fields of a deposit form (the seeded card method's), without a saved card. */
const FIELDS: readonly FormField[] = mapFields([
  {
    name: CARD_PARAMETER_NAMES.pan,
    type: 'input',
    extended_type: 'card_pan',
    label: 'PH.FIELD.CARD_NUMBER',
    placeholder: '0000 0000 0000 0000',
    is_required: true,
  },
  {
    name: EXPIRATION_DATE_FIELD_NAME,
    type: 'input',
    label: 'PH.FIELD.EXPIRY',
    placeholder: 'MM/YY',
    is_required: true,
  },
  {
    name: CARD_PARAMETER_NAMES.cvv,
    type: 'input',
    extended_type: 'card_cvv',
    label: 'PH.FIELD.CVV',
    is_required: true,
  },
  {
    name: CARD_PARAMETER_NAMES.cardholderName,
    type: 'input',
    extended_type: 'card_cardholder_name',
    label: 'PH.FIELD.CARDHOLDER',
    max_length: 255,
    is_required: true,
  },
]);

const EMPTY: Readonly<Record<string, FieldValue>> = Object.fromEntries(
  FIELDS.map((field) => [field.name, '']),
);

function text(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/**
 * SPEC §5: the context of the card rules now: the CVV length of the typed card's type, the expiry
 * in the player's calendar.
 */
function rulesNow(cardType: string | null): SubmitRuleContext {
  const now = Date.now();
  return {
    flow: 'deposit',
    currency: '',
    precision: 0,
    cvvCardType: cardType,
    now,
    timeZoneOffsetMinutes: -new Date(now).getTimezoneOffset(),
  };
}

/** The texts of an outcome that saved nothing. */
const NOT_SAVED_TEXT: Readonly<Record<NonNullable<TokenizeCardResponse['reason']>, string>> = {
  declined: 'TOKENIZATION.DECLINED',
  confirmation_needed: 'TOKENIZATION.CONFIRMATION_NEEDED',
  provider_unavailable: 'TOKENIZATION.UNAVAILABLE',
  not_tokenized: 'TOKENIZATION.NOT_TOKENIZED',
};

/** A field the server refused (SPEC §5, as the form checks it too) and the message it gets. */
interface RefusedField {
  readonly name: string;
  readonly key: string;
}

/** The server's field of a refused card, as the form names it, with its SPEC §8 message key. */
function refusedField(field: string | null): RefusedField | null {
  switch (field) {
    case 'body.card_data.card_pan':
      return { name: CARD_PARAMETER_NAMES.pan, key: MESSAGE_KEYS.incorrectCardNumber };
    case 'body.card_data.card_exp_month':
    case 'body.card_data.card_exp_year':
      return { name: EXPIRATION_DATE_FIELD_NAME, key: MESSAGE_KEYS.incorrectExpDate };
    case 'body.card_data.card_cvv':
      return { name: CARD_PARAMETER_NAMES.cvv, key: MESSAGE_KEYS.incorrectCvv };
    case 'body.card_data.card_cardholder_name':
      return { name: CARD_PARAMETER_NAMES.cardholderName, key: MESSAGE_KEYS.fieldHasError };
    default:
      return null;
  }
}

/** SPEC §1, §2 tokenization page (see the module comment). */
export function TokenizationPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = useAppSelector((state) => state.session.paymentFlow);
  const [values, setValues] = useState<Readonly<Record<string, FieldValue>>>(EMPTY);
  const [errors, setErrors] = useState<Readonly<Record<string, FieldError>>>({});
  const [outcome, setOutcome] = useState<TokenizeCardResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const inputs = useRef(new Map<string, HTMLElement>());
  // One key per card typed: a second press after a lost answer is the same request.
  const key = useRef<string | null>(null);
  const [tokenize, call] = useTokenizeCardMutation();

  useEffect(() => {
    scrollToTop();
  }, []);

  const pan = unformatCardNumber(text(values[CARD_PARAMETER_NAMES.pan]));
  const cardType = pan === '' ? null : (checkCardNumber(pan).cardType?.type ?? null);
  const rules = () => rulesNow(cardType);

  const change = (field: FormField, value: FieldValue) => {
    key.current = null;
    setValues((previous) => ({ ...previous, [field.name]: value }));
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([name]) => name !== field.name)),
    );
  };

  const blur = (field: FormField) => {
    const value = values[field.name] ?? '';
    const checked =
      field.name === CARD_PARAMETER_NAMES.pan
        ? validateCardNumberOnBlur(text(value))
        : text(value) === ''
          ? null
          : validateSubmittedField(field, value, rules());
    if (checked === null || checked.valid) return;
    setErrors((previous) => ({ ...previous, [field.name]: toFieldError(checked.error) }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    setOutcome(null);
    const validation = validateSubmittedForm(FIELDS, values, rules());
    if (!validation.valid) {
      setErrors(
        Object.fromEntries(
          Object.entries(validation.errors).map(([name, error]) => [name, toFieldError(error)]),
        ),
      );
      if (validation.firstInvalidField !== null) {
        inputs.current.get(validation.firstInvalidField)?.focus();
      }
      return;
    }
    const expiry = splitExpiry(text(values[EXPIRATION_DATE_FIELD_NAME]));
    key.current ??= crypto.randomUUID();
    void tokenize({
      idempotencyKey: key.current,
      body: {
        card_data: {
          card_pan: pan,
          card_exp_month: expiry?.month ?? '',
          card_exp_year: expiry?.year ?? '',
          card_cvv: text(values[CARD_PARAMETER_NAMES.cvv]),
          card_cardholder_name:
            cleanCardholderName(text(values[CARD_PARAMETER_NAMES.cardholderName])) ?? '',
        },
      },
    }).then((result) => {
      if (result.error !== undefined) {
        const refused = refusedField(serverField(asApiError(result.error).data));
        if (refused !== null) {
          setErrors((previous) => ({ ...previous, [refused.name]: { key: refused.key } }));
          inputs.current.get(refused.name)?.focus();
        } else {
          setFailed(true);
          announce(t('TOKENIZATION.FAILED'), 'assertive');
        }
        return;
      }
      setOutcome(result.data);
      if (result.data.result === 'saved') {
        // The card is with the provider now: nothing typed stays on the page.
        key.current = null;
        setValues(EMPTY);
        announce(t('TOKENIZATION.SAVED'), 'polite');
      } else {
        announce(t(NOT_SAVED_TEXT[result.data.reason ?? 'not_tokenized']), 'assertive');
      }
    });
  };

  const context = {
    currency: '',
    precision: 0,
    flow: 'deposit' as const,
    cvv: { required: true, cardType },
  };

  return (
    <section className="cd-card cd-tokenization" aria-labelledby={titleId}>
      <PageHeader
        title={t('TOKENIZATION.TITLE')}
        titleId={titleId}
        titleRef={heading}
        back={{ pathname: `/${flow}`, search }}
        backLabel={t('CARDS.BACK')}
      />
      <p className="cd-tokenization__intro">{t('TOKENIZATION.INTRO')}</p>
      {outcome?.result === 'saved' && outcome.card !== null ? (
        // Announced through the app's live region (announce above), not a second one here.
        <div className="cd-notice cd-tokenization__saved">
          <p className="cd-dh-message__title">{t('TOKENIZATION.SAVED')}</p>
          <SavedCardSummary card={outcome.card} expired={false} />
          <p>
            <Link className="cd-button cd-button--link" to={{ pathname: '/cards', search }}>
              {t('CARDS.MANAGE')}
            </Link>
          </p>
        </div>
      ) : null}
      {outcome !== null && outcome.result !== 'saved' ? (
        <p className="cd-notice cd-notice--error cd-tokenization__problem">
          {t(NOT_SAVED_TEXT[outcome.reason ?? 'not_tokenized'])}
        </p>
      ) : null}
      {failed ? (
        <p className="cd-notice cd-notice--error cd-tokenization__problem">
          {t('TOKENIZATION.FAILED')}
        </p>
      ) : null}
      <form className="cd-tokenization__form" noValidate onSubmit={submit}>
        {FIELDS.map((field) => (
          <FieldView
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name] ?? null}
            onChange={(value) => {
              change(field, value);
            }}
            onBlur={() => {
              blur(field);
            }}
            inputRef={(element) => {
              if (element === null) inputs.current.delete(field.name);
              else inputs.current.set(field.name, element);
            }}
            context={context}
          />
        ))}
        <Button type="submit" block disabled={call.isLoading} aria-busy={call.isLoading}>
          {t(call.isLoading ? 'TOKENIZATION.SAVING' : 'TOKENIZATION.SUBMIT')}
        </Button>
      </form>
    </section>
  );
}

/** The `error_field` of an error body, when it names one. */
function serverField(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const field: unknown = Reflect.get(data, 'error_field');
  return typeof field === 'string' ? field : null;
}
