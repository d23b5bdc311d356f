import { isSavedCardExpired, savedCardId, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icon';
import { SelectField } from '../select/select-field';
import { useFieldA11y } from '../shared/use-field-a11y';
import type { FieldViewProps } from '../types';
import { SavedCardSummary, useSavedCardName } from './saved-card-summary';

/** The value of the "new card" choice (SPEC §4: a selected card without id is new). */
export const NEW_CARD_VALUE = '';

/** The chosen card id of the field's value ('' for a new card). */
function chosenId(value: FieldViewProps['value']): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return value.value;
  return NEW_CARD_VALUE;
}

/**
 * SPEC §2 method page "the card list", §3 saved card, §4 card form variants: the player's saved
 * cards as a group of radio buttons, newest first, and "a new card". Choosing a saved card hides
 * the card number, expiry and holder (the method page's card layout); an expired card is shown
 * but cannot be chosen. The value is the chosen card's id, or '' for a new card. A link leads to
 * /cards to manage them.
 *
 * Without the saved cards in its context (a payout form whose options come with the method) the
 * field is the ordinary picker of its options.
 *
 * In a withdrawal (SPEC §2 payout to a card) the money goes to a card already on file: there is
 * no "new card" choice, an empty list shows the field's empty-list message (SPEC §8 "Empty payout
 * card list: empty-list placeholder"), and the link leads to /withdrawal-cards.
 */
export function SavedCardField(props: FieldViewProps) {
  const { field, value, error, onChange, onBlur, inputRef, context } = props;
  const { t } = useTranslation();
  const { search } = useLocation();
  const a11y = useFieldA11y(field, error);
  const cardName = useSavedCardName();
  // Expiry as of the form's opening (or the test's "now").
  const [openedAt] = useState(() => Date.now());
  const cards = context.savedCards;
  if (cards === undefined) return <SelectField {...props} />;
  const now = context.now ?? openedAt;
  const chosen = chosenId(value);
  const payout = context.flow === 'withdrawal';
  if (!payout && cards.length === 0) {
    // With no saved card there is nothing to choose; the new card's own fields follow, and a lone
    // "new card" choice would only be one more Tab stop.
    return a11y.error === null ? null : (
      <p id={a11y.errorId} className="cd-field__error">
        {a11y.error}
      </p>
    );
  }
  const radio = (id: string, disabled: boolean, first: boolean) => ({
    type: 'radio' as const,
    name: `${a11y.id}-card`,
    value: id,
    checked: chosen === id,
    disabled: disabled || field.isDisabled,
    onChange: () => {
      onChange(id);
    },
    onBlur,
    ...(first ? { ref: inputRef } : {}),
  });
  return (
    <fieldset
      className="cd-card-choice"
      aria-invalid={a11y.error !== null}
      aria-describedby={a11y.error === null ? undefined : a11y.errorId}
    >
      <legend className="cd-card-choice__legend">{a11y.label}</legend>
      {cards.map((card, index) => {
        const id = savedCardId(card) ?? '';
        const expired = isSavedCardExpired(card, now);
        return (
          <label key={id} className="cd-card-choice__option">
            <input {...radio(id, expired || id === '', index === 0)} aria-label={cardName(card)} />
            <SavedCardSummary card={card} expired={expired} />
          </label>
        );
      })}
      {payout ? null : (
        <label className="cd-card-choice__option">
          <input {...radio(NEW_CARD_VALUE, false, cards.length === 0)} />
          <span className="cd-card-choice__new">
            <Icon name="add" size={ICON_SIZE_REGULAR_BUTTON} />
            {t('CARDS.NEW_CARD')}
          </span>
        </label>
      )}
      {payout && cards.length === 0 ? (
        <p className="cd-card-choice__empty">
          {t(field.placeHolderEmptyList ?? 'PH.FIELD.NO_SAVED_CARDS')}
        </p>
      ) : null}
      {a11y.error === null ? null : (
        <p id={a11y.errorId} className="cd-field__error">
          {a11y.error}
        </p>
      )}
      {cards.length === 0 ? null : (
        <Link
          className="cd-button cd-button--link cd-card-choice__manage"
          to={{ pathname: payout ? '/withdrawal-cards' : '/cards', search }}
        >
          {t('CARDS.MANAGE')}
        </Link>
      )}
    </fieldset>
  );
}
