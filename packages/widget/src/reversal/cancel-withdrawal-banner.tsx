import type { WithdrawalReverse } from '@cashdesk/contract';
import type { CurrencyDisplayFormat } from '@cashdesk/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../ui/announcer';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import {
  outcomeTitleKey,
  ReversalOutcomeView,
  reversalMoney,
  useOutcomeSentence,
} from './reversal-outcome';
import { canRetry } from './reversal-state';
import { useReversal } from './use-reversal';
import './reversal.css';

export interface CancelWithdrawalBannerProps {
  /** The init answer's withdrawal_reverse (SPEC §3): the pending withdrawal, or null. */
  readonly reverse: WithdrawalReverse | null;
  /** The brand's currency display format (widget_settings.currency_display_setting_id). */
  readonly display: CurrencyDisplayFormat;
  /** The currency's precision when known; otherwise amounts keep the server's decimals. */
  readonly precision?: number | undefined;
  /** After the reversal answered (the screen reads what it shows again). */
  readonly onAnswered?: () => void;
}

/**
 * SPEC §2 homepage "cancel-withdrawal popup": when a withdrawal is pending, a notice with its
 * amount and a button that asks, in a confirmation popup, whether to return it to the balance.
 * Confirming calls SPEC §7 GET payments/reverse-pending-withdrawal once; the popup stays busy
 * until the answer, then shows the SPEC §4 result in place. A success refreshes the init answer
 * (balance and withdrawal_reverse), so the notice goes away by itself; what was returned stays
 * said below the list once the popup is closed, and the focus goes there. The popup opens with
 * the focus on Keep (the safe answer, as in every confirmation).
 */
export function CancelWithdrawalBanner({
  reverse,
  display,
  precision,
  onAnswered,
}: CancelWithdrawalBannerProps) {
  const { t } = useTranslation();
  const { state, outcome, dispatch, confirm } = useReversal();
  const sentence = useOutcomeSentence(display, precision);
  const note = useRef<HTMLParagraphElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const { amount, currency, isFetching, isOpened, closeTrigger } = state;
  const succeeded = outcome?.kind === 'success' ? outcome : null;

  useEffect(() => {
    // After the popup closes, the button that opened it may be gone with the notice: the focus
    // goes to the sentence that says what happened instead of to the page's start.
    if (closeTrigger > 0) note.current?.focus();
  }, [closeTrigger]);

  useEffect(() => {
    // The buttons change with the answer: the focus goes to the one that is there now, Keep when
    // the question is asked again (never the button that cancels the withdrawal).
    if (state.response === null) return;
    if (keep.current !== null) {
      keep.current.focus();
      return;
    }
    const dialog = body.current?.closest('dialog');
    dialog?.querySelector<HTMLButtonElement>('.cd-dialog__actions button:enabled')?.focus();
  }, [state.response]);

  const send = () => {
    void confirm().then((ended) => {
      if (ended === null) return;
      if (ended.kind === 'success') announce(sentence(ended), 'polite');
      onAnswered?.();
    });
  };
  const close = () => {
    dispatch({ type: 'close' });
  };

  const asked =
    amount === null || currency === null ? '' : reversalMoney(amount, currency, display, precision);
  const retry = canRetry(outcome);

  return (
    <>
      {reverse === null ? null : (
        <div className="cd-notice cd-reversal">
          <p className="cd-reversal__text">
            {t('WITHDRAWAL_REVERSAL.PENDING', {
              amount: reversalMoney(reverse.amount, reverse.currency, display, precision),
            })}
          </p>
          <Button
            variant="secondary"
            className="cd-reversal__cancel"
            onClick={() => {
              dispatch({ type: 'open', amount: reverse.amount, currency: reverse.currency });
            }}
          >
            {t('WITHDRAWAL_REVERSAL.CANCEL')}
          </Button>
        </div>
      )}
      {succeeded !== null && !isOpened ? (
        <p ref={note} className="cd-notice cd-reversal__done" tabIndex={-1}>
          {sentence(succeeded)}
        </p>
      ) : null}
      {amount === null ? null : (
        <Dialog
          open={isOpened}
          title={t(outcomeTitleKey(outcome))}
          role="alertdialog"
          onClose={close}
          initialFocus={keep}
          actions={
            retry ? (
              <>
                <Button onClick={send} disabled={isFetching} aria-busy={isFetching}>
                  {t('WITHDRAWAL_REVERSAL.CONFIRM.CONFIRM')}
                </Button>
                <Button ref={keep} variant="secondary" onClick={close} disabled={isFetching}>
                  {t('WITHDRAWAL_REVERSAL.CONFIRM.KEEP')}
                </Button>
              </>
            ) : (
              <Button onClick={close}>{t('WITHDRAWAL_REVERSAL.CLOSE')}</Button>
            )
          }
        >
          <div ref={body} className="cd-reversal__body">
            {retry ? <p>{t('WITHDRAWAL_REVERSAL.CONFIRM.TEXT', { amount: asked })}</p> : null}
            {isFetching ? (
              <p className="cd-reversal__busy" role="status">
                {t('WITHDRAWAL_REVERSAL.BUSY')}
              </p>
            ) : null}
            {outcome === null ? null : (
              <ReversalOutcomeView outcome={outcome} display={display} precision={precision} />
            )}
          </div>
        </Dialog>
      )}
    </>
  );
}
