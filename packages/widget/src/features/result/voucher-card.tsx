import { useId } from 'react';
import type { Voucher } from '@cashdesk/contract';
import type { PaymentFlow } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { shopAddress } from '../../fields/bet-shop/shop-address';
import { formatWorkingHours } from '../../fields/bet-shop/working-hours';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';
import { CopyButton } from '../../ui/copy-button';
import { LongValue } from '../../ui/long-value';
import './voucher.css';

/** The texts of a voucher that differ by flow: a code to pay cash in with, or to collect it. */
interface VoucherTexts {
  readonly title: string;
  readonly copy: string;
  readonly shop: string;
  readonly amount: string;
  readonly instruction: string;
}

const VOUCHER_TEXTS: Readonly<Record<PaymentFlow, VoucherTexts>> = {
  deposit: {
    title: 'RESULT.VOUCHER.DEPOSIT.TITLE',
    copy: 'RESULT.VOUCHER.DEPOSIT.COPY',
    shop: 'RESULT.VOUCHER.DEPOSIT.SHOP',
    amount: 'RESULT.VOUCHER.DEPOSIT.AMOUNT',
    instruction: 'RESULT.VOUCHER.DEPOSIT.INSTRUCTION',
  },
  withdrawal: {
    title: 'RESULT.VOUCHER.TITLE',
    copy: 'RESULT.VOUCHER.COPY',
    shop: 'RESULT.VOUCHER.SHOP',
    amount: 'RESULT.VOUCHER.AMOUNT',
    instruction: 'RESULT.VOUCHER.INSTRUCTION',
  },
};

/**
 * SPEC §1 cash at a betting shop, §2 result page: the voucher of a bet-shop payment (pay session
 * step `voucher`, contract Voucher): the code a cash deposit is paid in with at the counter, or
 * the pick-up code of a withdrawal. The code in large monospace type, in groups of four that a
 * line breaks between, never inside (ui/long-value.tsx), with a copy button of the code as given (then the
 * 2-second success or failure toast, SPEC §9), the shop with its address and working hours (or
 * "any shop" when the voucher names none), until when it is valid, the amount and what to do at
 * the counter.
 */
export function VoucherCard({
  voucher,
  flow,
}: {
  readonly voucher: Voucher;
  readonly flow: PaymentFlow;
}) {
  const { t, i18n } = useTranslation();
  const moneyStyle = useMoneyFormat();
  const titleId = useId();
  const shop = voucher.bet_shop;
  const address = shop === null ? '' : shopAddress(shop);
  const hours = shop === null ? '' : formatWorkingHours(shop.working_hours, i18n.language);
  const validUntil = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(voucher.expires_at));
  const amount = wireMoney(voucher.amount, voucher.currency, moneyStyle.display);
  const texts = VOUCHER_TEXTS[flow];

  return (
    <section className="cd-voucher" aria-labelledby={titleId}>
      <h2 id={titleId} className="cd-voucher__title">
        {t(texts.title)}
      </h2>
      <div className="cd-voucher__code-row">
        <p className="cd-voucher__code">
          <LongValue value={voucher.code} />
        </p>
        <CopyButton
          text={voucher.code}
          label={t(texts.copy)}
          copied={t('RESULT.VOUCHER.COPIED')}
          failed={t('RESULT.VOUCHER.COPY_FAILED')}
          className="cd-voucher__copy"
        />
      </div>
      <dl className="cd-voucher__facts">
        <div className="cd-voucher__fact">
          <dt>{t(texts.shop)}</dt>
          <dd>
            {shop === null ? (
              t('RESULT.VOUCHER.ANY_SHOP')
            ) : (
              <>
                <span className="cd-voucher__shop-name">{shop.name}</span>
                {address === '' ? null : <span className="cd-voucher__detail">{address}</span>}
                {hours === '' ? null : (
                  <span className="cd-voucher__detail">{t('RESULT.VOUCHER.HOURS', { hours })}</span>
                )}
              </>
            )}
          </dd>
        </div>
        <div className="cd-voucher__fact">
          <dt>{t('RESULT.VOUCHER.VALID_UNTIL')}</dt>
          <dd>{validUntil}</dd>
        </div>
        <div className="cd-voucher__fact">
          <dt>{t(texts.amount)}</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <p className="cd-voucher__instruction">{t(texts.instruction)}</p>
    </section>
  );
}
