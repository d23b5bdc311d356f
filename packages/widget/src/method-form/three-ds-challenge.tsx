/**
 * The 3-D Secure challenge frame, shared by the method form (after a submit) and the pending
 * payments (a challenge resumed after a reload).
 *
 * @packageDocumentation
 */
import type { RedirectData } from '@cashdesk/contract';
import { parseInnerResultMessage } from '@cashdesk/domain';
import type { InnerResultMessage } from '@cashdesk/domain';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToTop } from '../host/host-bridge';
import { Button } from '../ui/button';
import './three-ds-challenge.css';

export interface ThreeDsChallengeProps {
  /** Where the bank's challenge page is (SPEC §3 redirect_data; GET, or POST with its fields). */
  readonly data: RedirectData;
  /** The challenge came back: the inner cashier frame at /3ds_result knows the result. */
  readonly onResult: (message: InnerResultMessage) => void;
  /** The player leaves the challenge and goes back to the form. */
  readonly onCancel: () => void;
}

/**
 * SPEC §2 3-D Secure inside the cashier (pay session action `iframe`): the bank's challenge page
 * in a frame of the method page, so nothing navigates the host's top window (which a cashier in
 * an iframe may not do). The challenge returns to the cashier's own /3ds_result address inside
 * that frame; the cashier loaded there posts the result message of SPEC §2, and only a message
 * of this origin from this very frame is taken.
 *
 * A POST challenge is opened by a hidden form targeting the frame, with the fields as given.
 * Focus moves to the heading, so a screen reader starts at the explanation.
 */
export function ThreeDsChallenge({ data, onResult, onCancel }: ThreeDsChallengeProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const frameName = `cd-3ds-${useId().replace(/[^\w-]/g, '')}`;
  const frame = useRef<HTMLIFrameElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const post = data.method === 'POST';

  useEffect(() => {
    // The whole challenge in view from its top (SPEC §2 scroll to top, reset-scroll to the host).
    heading.current?.focus({ preventScroll: true });
    scrollToTop();
    if (post) form.current?.submit();
  }, [post]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (source === null || source === undefined || event.source !== source) return;
      if (event.origin !== window.location.origin) return;
      const message = parseInnerResultMessage(event.data);
      if (message !== null) onResult(message);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [onResult]);

  return (
    <section className="cd-card cd-three-ds" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} className="cd-three-ds__title" tabIndex={-1}>
        {t('DEPOSIT_METHOD.THREE_DS.TITLE')}
      </h2>
      <p className="cd-three-ds__text">{t('DEPOSIT_METHOD.THREE_DS.TEXT')}</p>
      <iframe
        ref={frame}
        className="cd-three-ds__frame"
        name={frameName}
        title={t('DEPOSIT_METHOD.THREE_DS.FRAME_TITLE')}
        {...(post ? {} : { src: data.url })}
        // The bank's page needs its forms and scripts; it may not navigate the cashier.
        sandbox="allow-forms allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
      />
      {post ? (
        <form ref={form} method="POST" action={data.url} target={frameName} hidden>
          {Object.entries(data.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
      <Button variant="link" onClick={onCancel}>
        {t('DEPOSIT_METHOD.THREE_DS.CANCEL')}
      </Button>
    </section>
  );
}
