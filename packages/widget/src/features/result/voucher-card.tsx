import { useCallback, useId, useState } from 'react';
import type { Voucher } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { shopAddress } from '../../fields/bet-shop/shop-address';
import { formatWorkingHours } from '../../fields/bet-shop/working-hours';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';
import { copyText } from '../../ui/copy-text';
import { Icon } from '../../ui/icon';
import { Toast } from '../../ui/toast';
import './voucher.css';

/**
 * SPEC §1 cash pick-up at a betting shop, §2 result page: the voucher of a bet-shop withdrawal
 * (pay session step `voucher`, contract Voucher). The pick-up code in large monospace type with a
 * copy button (then the 2-second success or failure toast, SPEC §9), the shop with its address and
 * working hours (or "any shop" when the voucher names none), until when it is valid, the amount
 * and what to do at the counter.
 */
export function VoucherCard({ voucher }: { readonly voucher: Voucher }) {
  const { t, i18n } = useTranslation();
  const moneyStyle = useMoneyFormat();
  const titleId = useId();
  const [toast, setToast] = useState<'copied' | 'failed' | null>(null);
  // Stable, so a re-render while the toast shows does not restart its 2 seconds.
  const hideToast = useCallback(() => {
    setToast(null);
  }, []);
  const shop = voucher.bet_shop;
  const address = shop === null ? '' : shopAddress(shop);
  const hours = shop === null ? '' : formatWorkingHours(shop.working_hours, i18n.language);
  const validUntil = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(voucher.expires_at));
  const amount = wireMoney(voucher.amount, voucher.currency, moneyStyle.display);

  return (
    <section className="cd-voucher" aria-labelledby={titleId}>
      <h2 id={titleId} className="cd-voucher__title">
        {t('RESULT.VOUCHER.TITLE')}
      </h2>
      <div className="cd-voucher__code-row">
        <p className="cd-voucher__code" dir="ltr" translate="no">
          {voucher.code}
        </p>
        <button
          type="button"
          className="cd-icon-button cd-voucher__copy"
          aria-label={t('RESULT.VOUCHER.COPY')}
          onClick={() => {
            void copyText(voucher.code).then((ok) => {
              setToast(ok ? 'copied' : 'failed');
            });
          }}
        >
          <Icon name="copy" size={20} />
        </button>
      </div>
      <dl className="cd-voucher__facts">
        <div className="cd-voucher__fact">
          <dt>{t('RESULT.VOUCHER.SHOP')}</dt>
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
          <dt>{t('RESULT.VOUCHER.AMOUNT')}</dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <p className="cd-voucher__instruction">{t('RESULT.VOUCHER.INSTRUCTION')}</p>
      {toast === null ? null : (
        <Toast
          text={toast === 'copied' ? t('RESULT.VOUCHER.COPIED') : t('RESULT.VOUCHER.COPY_FAILED')}
          onDone={hideToast}
        />
      )}
    </section>
  );
}
