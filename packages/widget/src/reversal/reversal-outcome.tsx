import type { CurrencyDisplayFormat } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney, isolateLtr, wireMoney } from '../i18n/format';
import type { ReversalOutcome } from './reversal-state';

/**
 * An amount of the reversal with its currency in the brand's display format (SPEC §3, §9),
 * isolated as a left-to-right run for Arabic sentences. Without a known precision the amount
 * keeps the decimals the server wrote it with (the server sends the currency's precision).
 */
export function reversalMoney(
  amount: string,
  currency: string,
  display: CurrencyDisplayFormat,
  precision: number | undefined,
): string {
  if (precision === undefined) return wireMoney(amount, currency, display);
  return isolateLtr(formatMoney(amount, { currency, precision, display }));
}

/** The title of the confirmation while it asks, and once it has an outcome. */
export function outcomeTitleKey(outcome: ReversalOutcome | null): string {
  if (outcome === null || outcome.kind === 'error') return 'WITHDRAWAL_REVERSAL.CONFIRM.TITLE';
  return outcome.kind === 'success'
    ? 'WITHDRAWAL_REVERSAL.SUCCESS.TITLE'
    : 'WITHDRAWAL_REVERSAL.FAILED.TITLE';
}

/** The sentence a screen reader reads once a reversal has ended. */
export function useOutcomeSentence(
  display: CurrencyDisplayFormat,
  precision: number | undefined,
): (outcome: ReversalOutcome) => string {
  const { t } = useTranslation();
  return (outcome) => {
    switch (outcome.kind) {
      case 'success':
        return t('WITHDRAWAL_REVERSAL.SUCCESS.TEXT', {
          amount: reversalMoney(outcome.returned, outcome.currency, display, precision),
        });
      case 'failed':
        return t('WITHDRAWAL_REVERSAL.FAILED.TEXT');
      case 'nothing-pending':
        return t('WITHDRAWAL_REVERSAL.ERROR.NOTHING_PENDING');
      case 'error':
        return t('WITHDRAWAL_REVERSAL.ERROR.GENERAL');
    }
  };
}

export interface ReversalOutcomeViewProps {
  readonly outcome: ReversalOutcome;
  readonly display: CurrencyDisplayFormat;
  readonly precision: number | undefined;
}

/**
 * SPEC §4 withdrawal reversal result: success when success_amount is present (with the part
 * already paid out, fail_amount, when there is one), otherwise a failure; a 1501 "nothing
 * pending" and a call without answer are failures too, each with its own translated text.
 * Failures are alerts; the success is announced by the screen that asked.
 */
export function ReversalOutcomeView({ outcome, display, precision }: ReversalOutcomeViewProps) {
  const { t } = useTranslation();
  const sentence = useOutcomeSentence(display, precision);
  const kept =
    (outcome.kind === 'success' || outcome.kind === 'failed') && outcome.kept !== null ? (
      <p className="cd-reversal__kept">
        {t('WITHDRAWAL_REVERSAL.FAIL_AMOUNT', {
          amount: reversalMoney(outcome.kept, outcome.currency, display, precision),
        })}
      </p>
    ) : null;
  if (outcome.kind === 'success') {
    return (
      <div className="cd-reversal__outcome">
        <p className="cd-reversal__returned">{sentence(outcome)}</p>
        {kept}
      </div>
    );
  }
  return (
    <div className="cd-reversal__outcome" role="alert">
      <p className="cd-field__error">{sentence(outcome)}</p>
      {kept}
    </div>
  );
}
