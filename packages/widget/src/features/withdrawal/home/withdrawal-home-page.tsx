/**
 * The withdrawal homepage, route /withdrawal (SPEC §2 "Homepage"): the shared method list with
 * the payout init answer (payout_groups), the player's balance, the wager notice when the
 * service disables withdrawals by wager (SPEC §4; it replaces the list's generic "all methods
 * unavailable, try again later", which waiting does not cure). The pending withdrawal the player
 * may cancel is the method list's, on both flows' homepages.
 *
 * @packageDocumentation
 */
import { currencyDisplayFormat, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayoutInitQuery } from '../../../api/cashier-api';
import { formatMoney, isolateLtr } from '../../../i18n/format';
import { MethodListPage } from '../../../method-list/method-list-page';
import type { ListResponse } from '../../../method-list/home-model';
import { Icon } from '../../../ui/icon';

/** SPEC §3 view_data kind `wager`: the outstanding wager that keeps withdrawals closed. */
const WAGER_KIND = 'wager';

/** SPEC §2 withdrawal homepage; reads the init answer the shell prefetched (usePayoutInitQuery). */
export function WithdrawalHomePage() {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = usePayoutInitQuery(undefined);
  const list = useMemo(
    (): ListResponse | undefined =>
      data === undefined ? undefined : { ...data, groups: data.payout_groups },
    [data],
  );
  const currency = data?.payout_groups[0]?.currencies[0];
  const display = currencyDisplayFormat(data?.widget_settings.currency_display_setting_id ?? 1);
  const wager = data?.view_data.find((item) => item.type === WAGER_KIND) ?? null;
  const wagerAmount =
    wager?.value === undefined || currency === undefined
      ? null
      : formatMoney(wager.value, {
          currency: currency.alpha3,
          precision: currency.precision,
          display,
        });
  return (
    <MethodListPage
      flow="withdrawal"
      title={t('WITHDRAWAL.TITLE')}
      query={{ data: list, error, isFetching, refetch }}
      unavailableExplained={wager !== null}
    >
      {wager === null ? null : (
        <div className="cd-notice" role="status">
          <p className="cd-dh-message__title">
            <Icon name="info" size={ICON_SIZE_REGULAR_BUTTON} /> {t('WITHDRAWAL.WAGER.TITLE')}
          </p>
          <p>
            {wagerAmount === null
              ? t('WITHDRAWAL.WAGER.TEXT_PLAIN')
              : t('WITHDRAWAL.WAGER.TEXT', { amount: isolateLtr(wagerAmount) })}
          </p>
        </div>
      )}
    </MethodListPage>
  );
}
