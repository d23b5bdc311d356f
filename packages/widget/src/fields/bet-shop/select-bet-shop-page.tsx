import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import type { BetShop } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from '../../ui/icon';
import { OverlayPicker } from '../shared/overlay-picker';
import { publishBetShopOverlayClosed, publishPickedBetShop } from './picked-bet-shop';
import { readSelectBetShopState } from './select-bet-shop-state';
import { shopAddress } from './shop-address';
import { formatWorkingHours } from './working-hours';
import './bet-shop.css';

/** With more shops than this the overlay offers a search box (designed: "more than a few"). */
export const BET_SHOP_SEARCH_FROM = 5;

/** The shops whose name, address or city contains every word of the query (any case). */
export function filterBetShops(
  shops: readonly BetShop[],
  query: string,
  language: string,
): readonly BetShop[] {
  const words = query.toLocaleLowerCase(language).split(/\s+/).filter(Boolean);
  if (words.length === 0) return shops;
  return shops.filter((shop) => {
    const text = `${shop.name} ${shop.address} ${shop.city}`.toLocaleLowerCase(language);
    return words.every((word) => text.includes(word));
  });
}

/**
 * SPEC §2 /betshop-withdrawal: the overlay over the withdrawal form where the player picks the
 * shop to collect the cash at. A modal (native dialog, so the form under it is inert) with one
 * h1, a search box when there are more than {@link BET_SHOP_SEARCH_FROM} shops, and the list:
 * name, address, working hours (formatWorkingHours) and a check on the chosen shop. The shops
 * come in the router state from the field (select-bet-shop-state.ts), so nothing is fetched.
 * Arrows, Home and End move; Enter, Space or a click picks; Escape or the back button closes
 * without a change. The pick goes to the field through picked-bet-shop.ts and the overlay closes
 * with navigate(-1), so the form under it keeps everything typed; once gone it tells the field,
 * which takes the focus back.
 */
export function SelectBetShopPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const state = readSelectBetShopState(location.state);
  const fieldName = state?.betShopField ?? null;
  const shops = state?.shops ?? [];
  const currentShopId = state?.currentShopId ?? null;
  const [query, setQuery] = useState('');
  const entries = filterBetShops(shops, query, i18n.language);

  return (
    <OverlayPicker
      block="cd-bet-shop-page"
      title={t('FIELDS.BET_SHOP.TITLE')}
      backLabel={t('FIELDS.BET_SHOP.BACK')}
      searchLabel={shops.length > BET_SHOP_SEARCH_FROM ? t('FIELDS.BET_SHOP.SEARCH') : null}
      query={query}
      onQueryChange={setQuery}
      status={
        shops.length === 0
          ? t('FIELDS.BET_SHOP.NONE')
          : entries.length === 0
            ? t('FIELDS.BET_SHOP.NO_MATCH')
            : ''
      }
      entries={entries}
      valueOf={(shop) => shop.id}
      currentValue={currentShopId}
      optionClassName="cd-bet-shop-page__option"
      renderOption={(shop, chosen) => {
        const address = shopAddress(shop);
        const hours = formatWorkingHours(shop.working_hours, i18n.language);
        return (
          <>
            <span className="cd-option__text">
              <span className="cd-bet-shop-page__name">{shop.name}</span>
              {address === '' ? null : <span className="cd-option__detail">{address}</span>}
              {hours === '' ? null : (
                <span className="cd-option__detail">{t('FIELDS.BET_SHOP.HOURS', { hours })}</span>
              )}
            </span>
            <span className="cd-bet-shop-page__check" aria-hidden="true">
              {chosen ? <Icon name="check" size={ICON_SIZE_REGULAR_BUTTON} /> : null}
            </span>
          </>
        );
      }}
      onPick={(shopId) => {
        if (fieldName !== null) publishPickedBetShop(fieldName, shopId);
      }}
      onClosed={() => {
        if (fieldName !== null) publishBetShopOverlayClosed(fieldName);
      }}
    />
  );
}
