import type { BetShop } from '@cashdesk/contract';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import { publishBetShopOverlayClosed, publishPickedBetShop } from './picked-bet-shop';
import { readSelectBetShopState } from './select-bet-shop-state';
import { shopAddress } from './shop-address';
import { formatWorkingHours } from './working-hours';
import '../shared/fields.css';
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

type Move = 'next' | 'previous' | 'first' | 'last';

const MOVES: Readonly<Record<string, Move>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

function focusSibling(from: HTMLElement, to: Move): void {
  const list = from.parentElement;
  if (list === null) return;
  const target =
    to === 'next'
      ? from.nextElementSibling
      : to === 'previous'
        ? from.previousElementSibling
        : to === 'first'
          ? list.firstElementChild
          : list.lastElementChild;
  if (target instanceof HTMLElement) target.focus();
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
  const navigate = useNavigate();
  const location = useLocation();
  const state = readSelectBetShopState(location.state);
  const fieldName = state?.betShopField ?? null;
  const shops = state?.shops ?? [];
  const currentShopId = state?.currentShopId ?? null;
  const [query, setQuery] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const searchId = useId();
  const title = t('FIELDS.BET_SHOP.TITLE');
  usePageTitle(title);
  const searchable = shops.length > BET_SHOP_SEARCH_FROM;

  const closed = useRef(false);
  const close = () => {
    if (closed.current) return;
    closed.current = true;
    void navigate(-1);
  };
  const closeOnce = useEffectEvent(close);
  const announceClosed = useEffectEvent(() => {
    if (fieldName !== null) publishBetShopOverlayClosed(fieldName);
  });

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return undefined;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    const start =
      search.current ??
      list.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]') ??
      null;
    start?.focus();
    // Escape also where the browser sends no cancel event (older web views); `close` runs once.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeOnce();
      }
    };
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('keydown', onKey);
      if (element.open && typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      // The form under it is no longer inert: the field can take the focus back.
      announceClosed();
    };
  }, []);

  const pick = (shopId: string) => {
    if (fieldName !== null) publishPickedBetShop(fieldName, shopId);
    close();
  };
  const entries = filterBetShops(shops, query, i18n.language);
  const hasCurrent = entries.some((shop) => shop.id === currentShopId);

  const onOptionKey = (event: KeyboardEvent<HTMLDivElement>, shopId: string) => {
    const move = MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      if (
        move === 'previous' &&
        event.currentTarget.previousElementSibling === null &&
        search.current !== null
      ) {
        search.current.focus();
      } else {
        focusSibling(event.currentTarget, move);
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(shopId);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="cd-dialog cd-bet-shop-page"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="cd-bet-shop-page__header">
        <button
          type="button"
          className="cd-icon-button"
          aria-label={t('FIELDS.BET_SHOP.BACK')}
          onClick={close}
        >
          <Icon name="arrow_back" />
        </button>
        <h1 id={titleId} className="cd-bet-shop-page__title">
          {title}
        </h1>
      </div>
      {searchable ? (
        <div className="cd-field">
          <label className="cd-field__label" htmlFor={searchId}>
            {t('FIELDS.BET_SHOP.SEARCH')}
          </label>
          <div className="cd-input">
            <input
              ref={search}
              id={searchId}
              className="cd-input__control"
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  list.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
                } else if (event.key === 'Enter') {
                  event.preventDefault();
                  const [only] = entries;
                  if (only !== undefined && entries.length === 1) pick(only.id);
                }
              }}
            />
          </div>
        </div>
      ) : null}
      <p className="cd-bet-shop-page__empty" role="status">
        {shops.length === 0
          ? t('FIELDS.BET_SHOP.NONE')
          : entries.length === 0
            ? t('FIELDS.BET_SHOP.NO_MATCH')
            : ''}
      </p>
      <div
        ref={list}
        className="cd-options cd-bet-shop-page__list"
        role="listbox"
        aria-labelledby={titleId}
      >
        {entries.map((shop, index) => {
          const chosen = shop.id === currentShopId;
          const address = shopAddress(shop);
          const hours = formatWorkingHours(shop.working_hours, i18n.language);
          return (
            <div
              key={shop.id}
              className="cd-option cd-bet-shop-page__option"
              role="option"
              aria-selected={chosen}
              tabIndex={(hasCurrent ? chosen : index === 0) ? 0 : -1}
              onClick={() => {
                pick(shop.id);
              }}
              onKeyDown={(event) => {
                onOptionKey(event, shop.id);
              }}
            >
              <span className="cd-option__text">
                <span className="cd-bet-shop-page__name">{shop.name}</span>
                {address === '' ? null : <span className="cd-option__detail">{address}</span>}
                {hours === '' ? null : (
                  <span className="cd-option__detail">{t('FIELDS.BET_SHOP.HOURS', { hours })}</span>
                )}
              </span>
              <span className="cd-bet-shop-page__check" aria-hidden="true">
                {chosen ? <Icon name="check" size={20} /> : null}
              </span>
            </div>
          );
        })}
      </div>
    </dialog>
  );
}
