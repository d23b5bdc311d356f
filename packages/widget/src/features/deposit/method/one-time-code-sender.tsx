import type { PaymentOtpResponse } from '@cashdesk/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSchedule } from '../../../browser/schedule';
import type { Schedule } from '../../../browser/schedule';
import { Button } from '../../../ui/button';

/** What asking for a code came to. */
export type CodeSendOutcome =
  /** The server answered (sent, failed or blocked: SPEC §7 payments otp). */
  | { readonly kind: 'answered'; readonly answer: PaymentOtpResponse }
  /** The form was not ready (the requisite or the amount is invalid): its errors are shown. */
  | { readonly kind: 'invalid' }
  /** The call failed (no answer, or an error the page showed). */
  | { readonly kind: 'failed' };

export interface OneTimeCodeSenderProps {
  /** Asks the server for a code (SPEC §7 POST payments/groups/{paygroup_id}/otp). */
  readonly send: () => Promise<CodeSendOutcome>;
  /** The requisite the code goes to, as the player typed it (the phone or address). */
  readonly requisite: string;
  /** The label of the field the code is typed into (SPEC §4 fieldName). */
  readonly fieldLabel: string;
  /** Runs `callback` after `ms` (the resend wait); returns its cancel. Tests pass their own. */
  readonly schedule?: Schedule;
}

type SenderState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent'; readonly requisite: string }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * SPEC §3 one-time code {isOTPEnabled, code, fieldName}, §4, §7 payments otp: under the field a
 * payment's confirmation code is typed into, the button that has the code sent to the form's
 * requisite and what came of it, in a polite live region: sent (to which requisite, into which
 * field), or why not (the server's message, translated). A refusal with a wait (`resend_after`,
 * e.g. asked again too soon or blocked) keeps the button disabled until the wait is over, and
 * says how long; a block without resend keeps it disabled.
 */
export function OneTimeCodeSender({
  send,
  requisite,
  fieldLabel,
  schedule = browserSchedule,
}: OneTimeCodeSenderProps) {
  const { t, i18n } = useTranslation();
  const statusId = useId();
  const [state, setState] = useState<SenderState>({ kind: 'idle' });
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (waitSeconds <= 0) return undefined;
    return schedule(() => {
      setWaitSeconds(0);
    }, waitSeconds * 1000);
  }, [waitSeconds, schedule]);

  const messageOf = (answer: PaymentOtpResponse): string => {
    const key = answer.error_message;
    return key !== null && i18n.exists(key) ? t(key) : t('DEPOSIT_METHOD.OTP.FAILED');
  };

  const onClick = async () => {
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    const outcome = await send();
    if (outcome.kind !== 'answered') {
      setState(
        outcome.kind === 'invalid'
          ? { kind: 'idle' }
          : { kind: 'refused', message: t('DEPOSIT_METHOD.OTP.FAILED') },
      );
      return;
    }
    const { answer } = outcome;
    setBlocked(answer.status === 'blocked' && !answer.can_resend && answer.resend_after <= 0);
    setWaitSeconds(answer.resend_after);
    setState(
      answer.status === 'sent'
        ? { kind: 'sent', requisite }
        : { kind: 'refused', message: messageOf(answer) },
    );
  };

  const sending = state.kind === 'sending';
  const label = sending
    ? t('DEPOSIT_METHOD.OTP.SENDING')
    : state.kind === 'sent'
      ? t('DEPOSIT_METHOD.OTP.SEND_AGAIN')
      : t('DEPOSIT_METHOD.OTP.SEND');
  return (
    <div className="cd-method__otp">
      <Button
        variant="secondary"
        onClick={() => {
          void onClick();
        }}
        disabled={sending || blocked || waitSeconds > 0}
        aria-describedby={statusId}
      >
        {label}
      </Button>
      <p id={statusId} className="cd-method__otp-status" role="status">
        {state.kind === 'sent'
          ? t('DEPOSIT_METHOD.OTP.SENT', { requisite: state.requisite, field: fieldLabel })
          : state.kind === 'refused'
            ? state.message
            : null}
        {waitSeconds > 0 ? ` ${t('DEPOSIT_METHOD.OTP.WAIT', { count: waitSeconds })}` : null}
      </p>
    </div>
  );
}
