import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoney, isolateLtr, isolateParams } from '../../i18n/format';
import { money } from '../shared/money';
import type { AmountSummaryProps } from '../types';
import { processingLine, summaryLines } from './summary-lines';
import './amount-field.css';

/**
 * SPEC §5 tax, fee and bonus: the summary lines under the amount (see summaryLines), recalculated
 * in place as the amount changes. The region is always mounted and aria-live polite, so screen
 * readers hear the new figures without losing their place in the form. When the method processes
 * in another currency (SPEC §3), a last line says what is charged or paid out in it, and at which
 * rate.
 */
export function AmountSummary({ amount, context }: AmountSummaryProps) {
  const { t } = useTranslation();
  const lines = summaryLines(amount, context);
  const processing = processingLine(amount, context);
  const rate = context.amount?.processing?.rate;
  return (
    <div className="cd-summary" aria-live="polite">
      {lines.length === 0 ? null : (
        <dl className="cd-summary__lines">
          {lines.map((line) => {
            const total = line.id === 'total';
            const figure = money(line.value, context);
            return (
              <div key={line.id} className="cd-summary__line" data-line={line.id}>
                <dt className={total ? 'cd-summary__total' : undefined}>
                  {t(line.labelKey, isolateParams(line.labelParams))}
                </dt>
                <dd className={total ? 'cd-summary__total' : undefined}>
                  {/* The sign inside the same left-to-right run, so "−0.33 EUR" stays whole in Arabic. */}
                  {line.sign === undefined ? figure : isolateLtr(`${line.sign}${figure}`)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {processing === null || rate === undefined ? null : (
        <p className="cd-summary__processing" data-line="processing">
          {t(
            context.flow === 'withdrawal'
              ? 'FIELDS.SUMMARY.PROCESSING_PAID'
              : 'FIELDS.SUMMARY.PROCESSING_CHARGED',
            isolateParams({
              amount: isolateLtr(
                formatMoney(processing.amount, {
                  currency: processing.currency,
                  precision: processing.amount.split('.')[1]?.length ?? 0,
                  display: context.amount?.currencyDisplaySetting,
                }),
              ),
              rate: isolateLtr(
                `1 ${context.currency} = ${formatAmount(rate, { precision: rate.split('.')[1]?.length ?? 0 })} ${processing.currency}`,
              ),
            }),
          )}
        </p>
      )}
    </div>
  );
}
