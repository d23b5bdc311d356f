import type { SavedCardWire } from '@cashdesk/contract';
import {
  isSavedCardExpired,
  removeCard,
  savedCardId,
  ICON_SIZE_REGULAR_BUTTON,
} from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUserCardsQuery } from '../../api/cashier-api';
import { useAppSelector } from '../../store/hooks';
import { SavedCardSummary, useSavedCardName } from '../../fields';
import { scrollToTop } from '../../host/host-bridge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Icon } from '../../ui/icon';
import { Skeleton } from '../../ui/skeleton';
import { PageHeader } from '../../ui/page-header';
import { useDeleteSavedCardMutation } from './cards-api';
import './cards.css';

/** The texts of the two card screens. */
const TEXTS = {
  cards: { title: 'CARDS.TITLE', empty: 'CARDS.EMPTY' },
  'withdrawal-cards': { title: 'CARDS.WITHDRAWAL.TITLE', empty: 'PH.FIELD.NO_SAVED_CARDS' },
} as const;

function isWithdrawalCards(route: RouteDefinition): boolean {
  return route.id === 'withdrawal-cards';
}

/**
 * SPEC §2 /cards (saved cards) and /withdrawal-cards (the payout card list, with its empty-list
 * placeholder, SPEC §8), §4 "removing a card filters it from the list", §7 GET and DELETE
 * /user-cards. Each card shows as on the method page (SavedCardSummary); deleting asks first in
 * a confirmation dialog, then removes the card from the list at once and tells screen readers.
 * The dialog opens on its Keep button and gives the focus back to the row's delete button; after
 * a deletion it goes to the list's heading, so it is never lost with the removed row.
 */
export function CardsPage({ route }: { readonly route: RouteDefinition }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = useAppSelector((state) => state.session.paymentFlow);
  const back = isWithdrawalCards(route) ? 'withdrawal' : flow;
  const texts = isWithdrawalCards(route) ? TEXTS['withdrawal-cards'] : TEXTS.cards;
  const title = t(texts.title);
  const list = useUserCardsQuery(undefined);
  const [removeSaved, removal] = useDeleteSavedCardMutation();
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const [asked, setAsked] = useState<SavedCardWire | null>(null);
  const cardName = useSavedCardName();

  useEffect(() => {
    scrollToTop();
  }, []);

  const cards = removed.reduce<SavedCardWire[]>(
    (left, id) => removeCard(left, id),
    [...(list.data?.cards ?? [])],
  );
  // Expiry is judged as of the screen's opening; a card that expires while it is open is rare.
  const [now] = useState(() => Date.now());

  const confirmDelete = () => {
    if (asked === null) return;
    const card = asked;
    const id = savedCardId(card) ?? '';
    void removeSaved(id)
      .unwrap()
      .then(() => {
        setAsked(null);
        setRemoved((previous) => [...previous, id]);
        // The dialog puts the focus on the heading (focusAfterConfirm) once it has closed.
        announce(t('CARDS.DELETED', { card: cardName(card) }), 'polite');
      })
      .catch(() => {
        // The dialog stays open with the error (removal.isError); a code 17 shows the
        // session-expired screen through the store.
      });
  };

  return (
    <section className="cd-card cd-cards" aria-labelledby={titleId}>
      <PageHeader
        title={title}
        titleId={titleId}
        titleRef={heading}
        back={{ pathname: `/${back}`, search }}
        backLabel={t('CARDS.BACK')}
      />
      {list.isLoading ? <Skeleton label={t('CARDS.LOADING')} rows={2} /> : null}
      {list.isError ? (
        <div role="alert" className="cd-cards__problem">
          <p>{t('CARDS.LOAD_ERROR')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('CARDS.RETRY')}
          </Button>
        </div>
      ) : null}
      {list.data !== undefined && cards.length === 0 ? (
        <p className="cd-cards__empty">
          <Icon name="credit_card" /> {t(texts.empty)}
        </p>
      ) : null}
      {cards.length === 0 ? null : (
        <ul className="cd-cards__list">
          {cards.map((card) => (
            <li key={card.card_id} className="cd-cards__row">
              <SavedCardSummary card={card} expired={isSavedCardExpired(card, now)} />
              <Button
                variant="secondary"
                className="cd-cards__delete"
                aria-label={t('CARDS.DELETE_NAMED', { card: cardName(card) })}
                onClick={() => {
                  removal.reset();
                  setAsked(card);
                }}
              >
                <Icon name="delete" size={ICON_SIZE_REGULAR_BUTTON} />
                <span aria-hidden="true">{t('CARDS.DELETE')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={t('CARDS.CONFIRM.TITLE')}
        confirmLabel={t('CARDS.CONFIRM.DELETE')}
        cancelLabel={t('CARDS.CONFIRM.KEEP')}
        busy={removal.isLoading}
        failure={removal.isError ? t('CARDS.DELETE_FAILED') : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          setAsked(null);
        }}
        focusAfterConfirm={heading}
      >
        {asked === null ? null : (
          <>
            <p>{t('CARDS.CONFIRM.TEXT')}</p>
            <p className="cd-cards__asked">
              <SavedCardSummary card={asked} expired={isSavedCardExpired(asked, now)} />
            </p>
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
