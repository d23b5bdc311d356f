import { COUNTRY_DATA } from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OverlayPicker } from '../shared/overlay-picker';
import { countryEntries, filterCountries } from './country-search';
import { CountryFlag } from './country-flag';
import { publishPickedCountry } from './picked-country';
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
  const location = useLocation();
  const { phoneField, currentIso } = routeState(location.state);
  const [query, setQuery] = useState('');
  const entries = filterCountries(countryEntries(COUNTRY_DATA, i18n.language), query);

  return (
    <OverlayPicker
      block="cd-country-page"
      title={t('FIELDS.COUNTRY.TITLE')}
      backLabel={t('FIELDS.COUNTRY.BACK')}
      searchLabel={t('FIELDS.COUNTRY.SEARCH')}
      query={query}
      onQueryChange={setQuery}
      status={
        entries.length === 0
          ? t('FIELDS.COUNTRY.NONE')
          : t('FIELDS.COUNTRY.COUNT', { count: entries.length })
      }
      entries={entries}
      valueOf={({ country }) => country.iso}
      currentValue={currentIso}
      renderOption={({ country, name }) => (
        <>
          <CountryFlag iso={country.iso} />
          <span className="cd-option__text">{name}</span>
          <span className="cd-country-page__code" dir="ltr">
            +{country.phonecode}
          </span>
        </>
      )}
      onPick={(iso) => {
        if (phoneField !== null) publishPickedCountry(phoneField, iso);
      }}
    />
  );
}
