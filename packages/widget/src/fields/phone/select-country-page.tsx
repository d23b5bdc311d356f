import { COUNTRY_DATA } from '@cashdesk/domain';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import { countryEntries, filterCountries } from './country-search';
import { flagEmoji } from './flag';
import { publishPickedCountry } from './picked-country';
import '../shared/fields.css';
import './phone.css';

/** Reads the phone field's name and current country from the overlay's route state. */
function routeState(state: unknown): { phoneField: string | null; currentIso: string | null } {
  const read = (key: string): string | null => {
    if (typeof state !== 'object' || state === null) return null;
    const value: unknown = Reflect.get(state, key);
    return typeof value === 'string' ? value : null;
  };
  return { phoneField: read('phoneField'), currentIso: read('currentIso') };
}

function focusSibling(from: HTMLElement, to: 'next' | 'previous' | 'first' | 'last'): void {
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

const MOVES: Readonly<Record<string, 'next' | 'previous' | 'first' | 'last'>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/**
 * SPEC §2 /select-country: the overlay over a form where the player picks the phone country. A
 * modal (native dialog, so the form under it is inert) with one h1, a search box and the list of
 * the domain's COUNTRY_DATA: flag, name in the current language, +code. Arrow Down from the
 * search goes into the list; arrows, Home and End move; Enter or a click picks; Escape or the
 * back button closes without a pick. The pick is handed to the phone field through
 * picked-country.ts (it applies domain pickPhoneCountry) and the overlay closes with
 * navigate(-1), so the form under it keeps everything typed.
 */
export function SelectCountryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { phoneField, currentIso } = routeState(location.state);
  const [query, setQuery] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const searchId = useId();
  const title = t('FIELDS.COUNTRY.TITLE');
  usePageTitle(title);

  const closed = useRef(false);
  const close = () => {
    if (closed.current) return;
    closed.current = true;
    void navigate(-1);
  };
  const closeOnce = useEffectEvent(close);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return undefined;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    search.current?.focus();
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
    };
  }, []);

  const pick = (iso: string) => {
    if (phoneField !== null) publishPickedCountry(phoneField, iso);
    close();
  };
  const entries = filterCountries(countryEntries(COUNTRY_DATA, i18n.language), query);
  const hasCurrent = entries.some(({ country }) => country.iso === currentIso);
  const firstOption = () => list.current?.querySelector<HTMLElement>('[role="option"]') ?? null;

  const onOptionKey = (event: KeyboardEvent<HTMLDivElement>, iso: string) => {
    const move = MOVES[event.key];
    if (move !== undefined) {
      event.preventDefault();
      if (move === 'previous' && event.currentTarget.previousElementSibling === null) {
        search.current?.focus();
      } else {
        focusSibling(event.currentTarget, move);
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(iso);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="cd-dialog cd-country-page"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="cd-country-page__header">
        <button
          type="button"
          className="cd-icon-button"
          aria-label={t('FIELDS.COUNTRY.BACK')}
          onClick={close}
        >
          <Icon name="arrow_back" />
        </button>
        <h1 id={titleId} className="cd-country-page__title">
          {title}
        </h1>
      </div>
      <div className="cd-field">
        <label className="cd-field__label" htmlFor={searchId}>
          {t('FIELDS.COUNTRY.SEARCH')}
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
                firstOption()?.focus();
              } else if (event.key === 'Enter') {
                event.preventDefault();
                const [only] = entries;
                if (only !== undefined && entries.length === 1) pick(only.country.iso);
              }
            }}
          />
        </div>
      </div>
      <p className="cd-country-page__empty" role="status">
        {entries.length === 0
          ? t('FIELDS.COUNTRY.NONE')
          : t('FIELDS.COUNTRY.COUNT', { count: entries.length })}
      </p>
      <div
        ref={list}
        className="cd-options cd-country-page__list"
        role="listbox"
        aria-labelledby={titleId}
      >
        {entries.map(({ country, name }, index) => (
          <div
            key={country.iso}
            className="cd-option"
            role="option"
            aria-selected={country.iso === currentIso}
            tabIndex={(hasCurrent ? country.iso === currentIso : index === 0) ? 0 : -1}
            onClick={() => {
              pick(country.iso);
            }}
            onKeyDown={(event) => {
              onOptionKey(event, country.iso);
            }}
          >
            <span aria-hidden="true">{flagEmoji(country.iso)}</span>
            <span className="cd-option__text">{name}</span>
            <span className="cd-country-page__code" dir="ltr">
              +{country.phonecode}
            </span>
          </div>
        ))}
      </div>
    </dialog>
  );
}
