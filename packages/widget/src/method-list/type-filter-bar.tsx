import type { MethodTypeFilter } from '@cashdesk/domain';
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

/**
 * SPEC §4 type filters: a labelled group of toggle buttons (aria-pressed), one pressed at a time,
 * in the spec's order. Toggle buttons rather than tabs: the filter narrows one list in place and
 * does not switch between panels.
 */
export function TypeFilterBar({ filters, active, onChange }: TypeFilterBarProps) {
  const { t } = useTranslation();
  return (
    <div className="cd-dh-filters" role="group" aria-label={t('DEPOSIT_HOME.FILTER.LABEL')}>
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          className="cd-dh-filter"
          aria-pressed={filter === active}
          onClick={() => {
            onChange(filter);
          }}
        >
          {t(FILTER_LABEL_KEYS[filter])}
        </button>
      ))}
    </div>
  );
}
