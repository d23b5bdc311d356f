import type { MethodTypeFilter } from '@cashdesk/domain';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §4: the translation key of each type filter. */
export const FILTER_LABEL_KEYS: Readonly<Record<MethodTypeFilter, string>> = {
  popular: 'DEPOSIT_HOME.FILTER.POPULAR',
  all: 'DEPOSIT_HOME.FILTER.ALL',
  bank_transfers: 'DEPOSIT_HOME.FILTER.BANK_TRANSFERS',
  cards: 'DEPOSIT_HOME.FILTER.CARDS',
  e_wallets: 'DEPOSIT_HOME.FILTER.E_WALLETS',
  prepaid_cash: 'DEPOSIT_HOME.FILTER.PREPAID_CASH',
  crypto: 'DEPOSIT_HOME.FILTER.CRYPTO',
  terminal: 'DEPOSIT_HOME.FILTER.TERMINAL',
  mobile: 'DEPOSIT_HOME.FILTER.MOBILE',
  bet_shops: 'DEPOSIT_HOME.FILTER.BET_SHOPS',
  other: 'DEPOSIT_HOME.FILTER.OTHER',
};

export interface TypeFilterBarProps {
  /** The filters in the spec's display order (domain buildTypeFilters). */
  readonly filters: readonly MethodTypeFilter[];
  readonly active: MethodTypeFilter;
  readonly onChange: (filter: MethodTypeFilter) => void;
}

/** The chip a key moves the focus to, or null for other keys. */
function chipAfterKey(key: string, index: number, count: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * SPEC §4 type filters: a labelled group of toggle buttons (aria-pressed), one pressed at a time,
 * in the spec's order. Toggle buttons rather than tabs: the filter narrows one list in place and
 * does not switch between panels.
 *
 * On a small screen the chips are one row that scrolls sideways (method-list.css) instead of
 * wrapping to several rows above the list. Every chip stays a Tab stop; the arrow keys (mirrored
 * right to left), Home and End move between chips too, and the browser scrolls the focused chip
 * into view. The pressed chip is scrolled into view when it changes or the row appears (a filter
 * kept from an earlier visit may be far along the row).
 */
export function TypeFilterBar({ filters, active, onChange }: TypeFilterBarProps) {
  const { t } = useTranslation();
  const rowRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const row = rowRef.current;
    const pressed = row?.querySelector('[aria-pressed="true"]');
    if (row == null || pressed == null) return;
    // Along the row only (the page stays where it is), by as much as the chip is cut off; in
    // either direction, a larger scrollLeft shows what lies further right.
    const rowBox = row.getBoundingClientRect();
    const chipBox = pressed.getBoundingClientRect();
    if (chipBox.left < rowBox.left) row.scrollLeft -= rowBox.left - chipBox.left;
    else if (chipBox.right > rowBox.right) row.scrollLeft += chipBox.right - rowBox.right;
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const row = rowRef.current;
    if (row === null) return;
    const chips = Array.from(row.querySelectorAll<HTMLButtonElement>('button'));
    const rtl = getComputedStyle(row).direction === 'rtl';
    const next = chipAfterKey(event.key, index, chips.length, rtl);
    if (next === null) return;
    event.preventDefault();
    chips[next]?.focus();
  };

  return (
    <div
      ref={rowRef}
      className="cd-dh-filters"
      role="group"
      aria-label={t('DEPOSIT_HOME.FILTER.LABEL')}
    >
      {filters.map((filter, index) => (
        <button
          key={filter}
          type="button"
          className="cd-dh-filter"
          aria-pressed={filter === active}
          onClick={() => {
            onChange(filter);
          }}
          onKeyDown={(event) => {
            onKeyDown(event, index);
          }}
        >
          {t(FILTER_LABEL_KEYS[filter])}
        </button>
      ))}
    </div>
  );
}
