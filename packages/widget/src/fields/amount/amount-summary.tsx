import { useTranslation } from 'react-i18next';
import { formatAmount, formatMoney, isolateLtr, isolateParams } from '../../i18n/format';
import { money } from '../shared/money';
import type { AmountSummaryProps } from '../types';
import { processingLine, summaryLines } from './summary-lines';
import { useSettledAnnouncement } from './use-settled-announcement';
import './amount-field.css';

/**
 * SPEC §5 tax, fee and bonus: the summary lines under the amount (see summaryLines), recalculated
 * in place as the amount changes. It is no live region, which screen readers read again at every
 * keystroke: its figures are read out once the amount has settled (useSettledAnnouncement), without
 * moving the player's place in the form. When the method processes in another currency (SPEC §3),
 * a last line says what is charged or paid out in it, and at which rate.
 */
export function AmountSummary({ amount, context }: AmountSummaryProps) {
  const { t } = useTranslation();
  const lines = summaryLines(amount, context).map((line) => ({
    id: line.id,
    label: t(line.labelKey, isolateParams(line.labelParams)),
    figure: money(line.value, context),
    sign: line.sign,
  }));
  const processing = processingLine(amount, context);
  const rate = context.amount?.processing?.rate;
  const processingText =
    processing === null || rate === undefined
      ? null
      : t(
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
        );
  // Its lines in order, then the processing line, as one text read out once it settles.
  useSettledAnnouncement(
    [
      lines.map((line) => `${line.label} ${line.sign ?? ''}${line.figure}`).join(', '),
      processingText ?? '',
    ]
      .filter((part) => part !== '')
      .join('. '),
  );
  return (
    <div className="cd-summary">
      {lines.length === 0 ? null : (
        <dl className="cd-summary__lines">
          {lines.map((line) => {
            const total = line.id === 'total';
            return (
              <div key={line.id} className="cd-summary__line" data-line={line.id}>
                <dt className={total ? 'cd-summary__total' : undefined}>{line.label}</dt>
                <dd className={total ? 'cd-summary__total' : undefined}>
                  {/* The sign inside the same left-to-right run, so "−0.33 EUR" stays whole in Arabic. */}
                  {line.sign === undefined ? line.figure : isolateLtr(`${line.sign}${line.figure}`)}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {processingText === null ? null : (
        <p className="cd-summary__processing" data-line="processing">
          {processingText}
        </p>
      )}
    </div>
  );
}
