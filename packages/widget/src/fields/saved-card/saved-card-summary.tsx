import type { SavedCardWire } from '@cashdesk/contract';
import { maskSavedCard, savedCardType } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { CardMark } from '../../ui/card-mark';
import './saved-card.css';

/** The brand of a saved card: as the list names it, else as its bin says, else generic. */
export function savedCardBrand(card: SavedCardWire): {
  readonly type: string;
  readonly name: string;
} {
  const detected = savedCardType(card);
  return { type: detected?.type ?? card.card_type, name: detected?.niceType ?? card.card_type };
}

/** "•••• 0101, Visa, expires 01/2028": what a screen reader hears for a saved card. */
export function useSavedCardName(): (card: SavedCardWire) => string {
  const { t } = useTranslation();
  return (card) =>
    t('CARDS.CARD_NAME', {
      brand: savedCardBrand(card).name,
      last4: card.last4,
      expiry: `${card.exp_month}/${card.exp_year}`,
    });
}

/**
 * SPEC §3 saved card, §4 display: a saved card as the card lists show it (the method page's
 * card choice, /cards, /withdrawal-cards): the brand badge, the masked number (bin and last four
 * only, SPEC §5 groups of 4, always left to right) and the expiry, with "expired" when it is.
 */
export function SavedCardSummary({
  card,
  expired,
}: {
  readonly card: SavedCardWire;
  readonly expired: boolean;
}) {
  const { t } = useTranslation();
  const brand = savedCardBrand(card);
  return (
    <span className="cd-saved-card">
      <CardMark type={brand.type} name={brand.name} />
      <span className="cd-saved-card__text">
        <span className="cd-saved-card__number" dir="ltr">
          {maskSavedCard(card)}
        </span>
        <span
          className={`cd-saved-card__expiry${expired ? ' cd-saved-card__expiry--expired' : ''}`}
        >
          {expired
            ? t('CARDS.EXPIRED', { expiry: `${card.exp_month}/${card.exp_year}` })
            : t('CARDS.EXPIRES', { expiry: `${card.exp_month}/${card.exp_year}` })}
        </span>
      </span>
    </span>
  );
}
