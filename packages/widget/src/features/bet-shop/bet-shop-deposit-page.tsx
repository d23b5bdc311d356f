import { useId } from 'react';
import type { ReactNode } from 'react';
import type { BetShop } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDepositInitQuery, useDepositSelectQuery } from '../../api/cashier-api';
import { useAppSelector } from '../../store/hooks';
import { shopAddress } from '../../fields/bet-shop/shop-address';
import { formatWorkingHours } from '../../fields/bet-shop/working-hours';
import { isolateLtr } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { usePageTitle } from '../../ui/use-page-title';
import './bet-shop.css';

/** The pay_method_type of cash-at-a-bet-shop methods (SPEC §4 type display order "bet shops"). */
export const BET_SHOP_METHOD_TYPE = 'bet_shops';

function Frame({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t('BET_SHOP.DEPOSIT.TITLE');
  usePageTitle(title);
  return (
    <section className="cd-card cd-bet-shop-deposit" aria-labelledby={titleId}>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

function ShopList({ shops }: { readonly shops: readonly BetShop[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="cd-bet-shop-deposit__list">
      {shops.map((shop) => {
        const address = shopAddress(shop);
        const hours = formatWorkingHours(shop.working_hours, i18n.language);
        return (
          <li key={shop.id} className="cd-bet-shop-deposit__shop">
            <h2 className="cd-bet-shop-deposit__name">{shop.name}</h2>
            {address === '' ? null : <p className="cd-bet-shop-deposit__detail">{address}</p>}
            <p className="cd-bet-shop-deposit__detail">
              {hours === ''
                ? t('BET_SHOP.DEPOSIT.HOURS_UNKNOWN')
                : t('BET_SHOP.DEPOSIT.HOURS', { hours })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * SPEC §2 /betshop-deposit: the brand's bet shops where the player can pay cash in (name, address,
 * working hours), a note that the player shows their player id at the counter, and a link back
 * to /deposit.
 *
 * Where the shops come from: the server already lists them as `bet_shops` in the method detail of
 * its cash-at-a-bet-shop deposit method (POST payments/groups/{payGroupId}/select). The page finds
 * that method in the deposit list (pay_method_type bet_shops, init is cached for the session) and
 * reads its detail, so no extra read-only endpoint is needed and the list is the very one the
 * method's form offers. Without such a method the brand takes no cash deposits: the page says so.
 */
export function BetShopDepositPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const userId = useAppSelector((state) => state.session.params.userId);
  const init = useDepositInitQuery(undefined);
  const method = init.data?.payment_groups.find(
    (group) => group.pay_method_type === BET_SHOP_METHOD_TYPE,
  );
  const currency = method?.currencies[0]?.alpha3;
  const detail = useDepositSelectQuery(
    { payGroupId: String(method?.id ?? ''), currency: currency ?? '' },
    { skip: method === undefined || currency === undefined },
  );

  const back = (
    <Link className="cd-button cd-button--secondary" to={{ pathname: '/deposit', search }}>
      {t('BET_SHOP.DEPOSIT.BACK')}
    </Link>
  );
  if (init.isLoading || detail.isLoading) return <Skeleton label={t('BET_SHOP.DEPOSIT.LOADING')} />;
  if (init.isError || detail.isError) {
    return (
      <Frame>
        <p role="alert">{t('BET_SHOP.DEPOSIT.FAILED')}</p>
        <div className="cd-bet-shop-deposit__actions">
          <Button
            onClick={() => {
              if (init.isError) void init.refetch();
              else void detail.refetch();
            }}
          >
            {t('BET_SHOP.DEPOSIT.TRY_AGAIN')}
          </Button>
          {back}
        </div>
      </Frame>
    );
  }
  const shops = detail.data?.bet_shops ?? [];
  return (
    <Frame>
      {shops.length === 0 ? (
        <p>{t('BET_SHOP.DEPOSIT.NONE')}</p>
      ) : (
        <>
          <p>{t('BET_SHOP.DEPOSIT.INTRO')}</p>
          <p className="cd-bet-shop-deposit__note">
            {userId === null
              ? t('BET_SHOP.DEPOSIT.PLAYER_ID_NOTE')
              : t('BET_SHOP.DEPOSIT.PLAYER_ID_NOTE_WITH_ID', { id: isolateLtr(userId) })}
          </p>
          <ShopList shops={shops} />
        </>
      )}
      {back}
    </Frame>
  );
}
