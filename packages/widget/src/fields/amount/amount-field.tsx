import { compareDecimal, depositBonus, minLimitHint, positiveDecimal } from '@cashdesk/domain';
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../shared/field-shell';
import { money, presetPrecision } from '../shared/money';
import { minLimitText } from '../../i18n/format';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { languageSeparators } from '../../i18n/format';
import { isAmountChar, useAmountText } from '../shared/use-amount-text';
import { ServerText } from '../../ui/server-text';
import { useBalancedColumns } from './balanced-columns';
import './amount-field.css';

/**
 * The hints' amounts with no-break spaces: a hint wraps on a phone, and the amount must not split
 * at its thousands or currency space ("5" ending one line, "000.00 EUR" starting the next).
 */
const unbroken = (text: string): string => text.replace(/ /g, '\u00a0');

/**
 * SPEC §2 amount, §5 amount input: what the player types is read by the domain's one rule in the
 * player's language (readAmountInput): digits of every script, the language's decimal and
 * thousands marks, at most 12 integer and 10 decimal digits (the field's `decimal` overrides the
 * latter), thousands grouped by spaces; the value reported is the raw amount ("1234.5"). Text
 * with a mark the rule interpreted ("1,000" in English) stays as typed until the player leaves
 * the field; text it cannot read one way ("1.000" in Ukrainian) reports no amount and says so
 * (PH.ERROR.AMOUNT_UNCLEAR) once the player leaves the field. Below it: the predefined amounts
 * (context.amount.amountBlocks, already resolved with the domain's resolveAmountBlocks; a radio
 * group, see {@link AmountBlocks}), the min hint (PH.MIN_LIMIT_INFO_TEXT via minLimitHint) and a
 * max hint when display_limits is on, and the bonus banner when the amount earns a bonus
 * (depositBonus: the player's bonus and the lost-profit bonus of the method).
 */
export function AmountField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  context,
}: FieldViewProps) {
  const { t } = useTranslation();
  // Amounts are read and shown in the player's language, by the domain's one rule.
  const typed = useAmountText({
    value: textOf(value),
    decimalDigits: field.decimal,
    error,
    onChange,
    onBlur,
  });
  const { raw } = typed;
  const a11y = useFieldA11y(field, typed.error);
  const amount = context.amount;
  const limits = amount?.limits;

  const minHint =
    limits === undefined || limits.min === null
      ? null
      : minLimitHint({
          displayLimits: limits.displayLimits,
          min: limits.min,
          currency: context.currency,
          precision: context.precision,
          decimalSeparator: languageSeparators().decimalSeparator,
        });
  const maxHint =
    limits?.displayLimits === true && positiveDecimal(limits.max) !== null
      ? t('FIELDS.AMOUNT.MAX_HINT', { amount: unbroken(money(limits.max, context)) })
      : null;
  const hints = [
    minHint === null || limits?.min == null
      ? null
      : minLimitText(t, minHint.key, unbroken(money(limits.min, context))),
    maxHint,
  ].filter((hint) => hint !== null);
  // The player's bonus and the lost-profit bonus, as the server credits them (SPEC §5).
  const offers = { bonus: amount?.bonus, lostProfitTiers: amount?.lostProfitTiers };
  const bonus = depositBonus(raw, offers, { precision: context.precision });
  const blocks = amount?.amountBlocks ?? [];

  return (
    <FieldShell
      a11y={a11y}
      className="cd-amount"
      hint={
        hints.length === 0
          ? undefined
          : hints.map((hint) => (
              <span key={hint} className="cd-amount__hint">
                {hint}
              </span>
            ))
      }
    >
      <TextControl
        a11y={a11y}
        display={typed.display}
        onText={typed.onText}
        onBlur={typed.onBlur}
        inputRef={inputRef}
        hasHint={hints.length > 0}
        inputMode="decimal"
        autoComplete="off"
        disabled={field.isDisabled}
        required={field.isRequired}
        isSignificant={isAmountChar}
        // Digits grouped by spaces ("1 200") keep their order in right-to-left languages.
        ltr
        end={<span className="cd-amount__currency">{context.currency}</span>}
      />
      {blocks.length === 0 ? null : (
        <AmountBlocks
          blocks={blocks}
          raw={raw}
          context={context}
          disabled={field.isDisabled}
          onChoose={onChange}
        />
      )}
      {bonus === null ? null : (
        <p className="cd-bonus-banner">
          <span>{t('FIELDS.AMOUNT.BONUS_BANNER', { bonus: money(bonus, context) })}</span>
          {amount?.bonusDescription === undefined ||
          amount.bonusDescription === null ||
          amount.bonusDescription === '' ? null : (
            <span className="cd-bonus-banner__description">
              <ServerText text={amount.bonusDescription} />
            </span>
          )}
        </p>
      )}
    </FieldShell>
  );
}

interface AmountBlocksProps {
  readonly blocks: readonly string[];
  /** The amount as it stands (raw decimal text): the block equal to it is the chosen one. */
  readonly raw: string;
  readonly context: FieldViewProps['context'];
  readonly disabled: boolean;
  readonly onChoose: (amount: string) => void;
}

/** The keys that move to the next and the previous block, mirrored in right-to-left pages. */
function stepOf(key: string, rtl: boolean): 1 | -1 | 0 {
  if (key === 'ArrowDown' || key === (rtl ? 'ArrowLeft' : 'ArrowRight')) return 1;
  if (key === 'ArrowUp' || key === (rtl ? 'ArrowRight' : 'ArrowLeft')) return -1;
  return 0;
}

/**
 * SPEC §2 predefined amounts as one choice (keyboard): a radio group with one Tab stop (the chosen
 * block, else the first), the arrow keys move to the next or previous block and choose it (mirrored
 * in right-to-left pages), Home and End go to the first and the last; a click chooses as before. No
 * block is checked while the amount typed matches none.
 */
function AmountBlocks({ blocks, raw, context, disabled, onChoose }: AmountBlocksProps) {
  const { t, i18n } = useTranslation();
  const amount = context.amount;
  const chosen = blocks.findIndex((block) => compareDecimal(block, raw) === 0);
  const tabStop = chosen === -1 ? 0 : chosen;
  const group = useRef<HTMLDivElement>(null);
  const columns = useBalancedColumns(group, blocks.length);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const step = stepOf(event.key, i18n.dir() === 'rtl');
    const last = blocks.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : step === 0
            ? null
            : (current + step + blocks.length) % blocks.length;
    const block = next === null ? undefined : blocks[next];
    if (next === null || block === undefined) return;
    event.preventDefault();
    onChoose(block);
    const radios =
      event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]');
    radios?.[next]?.focus();
  };
  return (
    <div
      ref={group}
      className="cd-amount__blocks"
      role="radiogroup"
      aria-label={t('FIELDS.AMOUNT.BLOCKS')}
      style={
        columns === undefined
          ? undefined
          : { gridTemplateColumns: `repeat(${String(columns)}, 1fr)` }
      }
    >
      {blocks.map((block, index) => {
        const blockBonus =
          amount?.bonusInAmountBlock === true
            ? depositBonus(
                block,
                { bonus: amount.bonus, lostProfitTiers: amount.lostProfitTiers },
                { precision: context.precision },
              )
            : null;
        return (
          <button
            key={block}
            type="button"
            role="radio"
            className="cd-amount-block"
            aria-checked={index === chosen}
            tabIndex={index === tabStop ? 0 : -1}
            disabled={disabled}
            onClick={() => {
              onChoose(block);
            }}
            onKeyDown={(event) => {
              onKey(event, index);
            }}
          >
            <span>{money(block, context, presetPrecision(block, context.precision))}</span>
            {blockBonus === null ? null : (
              <span className="cd-amount-block__bonus">
                {t('FIELDS.AMOUNT.BLOCK_BONUS', { bonus: money(blockBonus, context) })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
