import { AMOUNT_CHANGE_DEBOUNCE_MS } from '@cashdesk/domain';
import { useEffect, useRef } from 'react';
import { announce } from '../../ui/announcer';

/**
 * Reads `text` out (politely) once it has stayed the same for SPEC §9's amount change debounce
 * (1 s) after a change: the figures under an amount are heard once the player stops typing, not
 * on every keystroke as a live region would read them. Nothing is read when the field first shows,
 * nor when the text comes back to what was last read; an empty text is never read.
 */
export function useSettledAnnouncement(text: string): void {
  const lastRead = useRef(text);
  useEffect(() => {
    if (text === lastRead.current) return undefined;
    const timer = window.setTimeout(() => {
      lastRead.current = text;
      if (text !== '') announce(text, 'polite');
    }, AMOUNT_CHANGE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [text]);
}
