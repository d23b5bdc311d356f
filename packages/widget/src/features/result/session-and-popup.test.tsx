import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorPopupOpened } from '../../store/ui-slice';
import { createI18n } from '../../i18n/i18n';
import { ErrorPopup } from './error-popup';
import { RedirectCountdown } from './redirect-countdown';
import { SessionExpiredPage } from './session-expired-page';
import { renderAt } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => true),
  reportPaymentResult: vi.fn(() => true),
}));
vi.mock('../../ui/announcer', () => ({ announce: vi.fn() }));

const { requestReInit } = await import('../../host/host-bridge');
const { announce } = await import('../../ui/announcer');

// jsdom has <dialog> without showModal/close; the browser's behaviour that matters here is the
// open attribute.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(requestReInit).mockClear();
  vi.mocked(announce).mockClear();
});

describe('session expired screen (SPEC §4 session, §8 code 17)', () => {
  it('sends reInitCashier to the host exactly once on mount, even under StrictMode', async () => {
    await renderAt(
      <StrictMode>
        <SessionExpiredPage />
      </StrictMode>,
      { address: '/deposit' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your session has ended');
    expect(requestReInit).toHaveBeenCalledTimes(1);
  });

  it('asks again when the player presses the button', async () => {
    await renderAt(<SessionExpiredPage />, { address: '/deposit' });
    await userEvent.click(screen.getByRole('button', { name: 'Open the cashier again' }));
    expect(requestReInit).toHaveBeenCalledTimes(2);
  });

  it('without a host page, says once to reopen the cashier from the site and what is typed again, with no button that can do nothing', async () => {
    vi.mocked(requestReInit).mockReturnValue(false);
    const { container } = await renderAt(<SessionExpiredPage />, { address: '/deposit' });
    const sentence =
      'For your security the cashier was closed. Open it again from the site to continue. What you typed here is not kept: you will fill in the form again.';
    expect(screen.getByText(sentence).getAttribute('role')).toBe('status');
    // The title and that one sentence: the session's end is not said a second time.
    const texts = [...container.querySelectorAll('h1, p')].map((node) => node.textContent);
    expect(texts).toEqual(['Your session has ended', sentence]);
    expect(screen.queryByRole('button')).toBeNull();
    vi.mocked(requestReInit).mockReturnValue(true);
  });

  it('in a host page, says once that the cashier comes back with what was typed', async () => {
    const { container } = await renderAt(<SessionExpiredPage />, { address: '/deposit' });
    const texts = [...container.querySelectorAll('h1, p')].map((node) => node.textContent);
    expect(texts).toEqual([
      'Your session has ended',
      'For your security the cashier was closed. It is being opened again for you, with what you typed still in the form.',
    ]);
  });
});

describe('error popup (SPEC §3 error popup, §8)', () => {
  it('opens as an alert dialog with the plain-text message and no code line without a code (SPEC §3 default "0")', async () => {
    const { store } = await renderAt(<ErrorPopup />, { address: '/deposit' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => {
      store.dispatch(errorPopupOpened({ message: 'Card blocked by the bank' }));
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('Card blocked by the bank');
    // The state keeps SPEC §3's default code; the player is not shown it.
    expect(store.getState().ui.errorPopup.error.errorCode).toBe('0');
    expect(dialog.textContent).not.toContain('quote code');
  });

  it.each([[''], ['  '], [null], ['0'], [0]])(
    'shows no support code line for the code %j (SPEC §8 error popup)',
    async (errorCode) => {
      const { store } = await renderAt(<ErrorPopup />, { address: '/deposit' });
      act(() => {
        store.dispatch(errorPopupOpened({ errorCode, message: 'DEPOSIT_METHOD.NETWORK_ERROR' }));
      });
      const dialog = screen.getByRole('alertdialog');
      expect(dialog.textContent).not.toContain('quote code');
      expect(dialog.querySelector('.cd-error-popup__code')).toBeNull();
    },
  );

  it('translates a message key and shows the given code', async () => {
    const { store } = await renderAt(<ErrorPopup />, { address: '/deposit' });
    act(() => {
      store.dispatch(
        errorPopupOpened({ errorCode: 1301, message: 'CASHIER.DECLINE.EXPIRED_CARD' }),
      );
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Your card has expired. Please use another card.');
    expect(dialog.textContent).toContain('If you contact support, quote code 1301.');
  });

  it('shows the generic text for an unknown key, never the raw key', async () => {
    const { store } = await renderAt(<ErrorPopup />, { address: '/deposit' });
    act(() => {
      store.dispatch(
        errorPopupOpened({ errorCode: '1999', message: 'CASHIER.ERROR.NOPE_NOT_A_KEY' }),
      );
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('The request could not be completed. Please try again.');
    expect(dialog.textContent).not.toContain('CASHIER.ERROR.NOPE_NOT_A_KEY');
  });

  it('moves focus to Close, closes with it (errorPopupClosed) and gives focus back', async () => {
    const { store } = await renderAt(
      <>
        <button type="button">Pay</button>
        <ErrorPopup />
      </>,
      { address: '/deposit' },
    );
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    act(() => {
      store.dispatch(errorPopupOpened({ errorCode: '5', message: 'Oops' }));
    });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await userEvent.click(close);
    expect(store.getState().ui.errorPopup.isOpen).toBe(false);
    expect(store.getState().ui.errorPopup.error).toEqual({ errorCode: '5', message: 'Oops' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(pay);
  });
});

describe('redirect countdown (SPEC §2 processing redirect time-out, §9)', () => {
  it('shows the seconds left, announces politely every 10 s and calls onDone once at zero', async () => {
    const i18n = await createI18n('en');
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <RedirectCountdown seconds={12} onDone={onDone} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Returning you to the site in 12 s')).toBeTruthy();
    // The first read-out names the way to stay (WCAG 2.2.1).
    expect(announce).toHaveBeenLastCalledWith(
      'Returning you to the site in 12 s. You can choose to stay on this page.',
      'polite',
    );
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Returning you to the site in 11 s')).toBeTruthy();
    expect(announce).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(announce).toHaveBeenLastCalledWith('Returning you to the site in 10 s', 'polite');
    expect(announce).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Returning you to the site in 0 s')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('SPEC §9 redirect time-out, WCAG 2.2.1: "Stay on this page" stops the countdown for good, says so and keeps the focus', async () => {
    const i18n = await createI18n('en');
    // The clock is the test's: no real second passes.
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <RedirectCountdown seconds={20} onDone={onDone} />
      </I18nextProvider>,
    );
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    const stay = screen.getByRole('button', { name: 'Stay on this page' });
    // The button is described by the time left.
    expect(stay.getAttribute('aria-describedby')).toBe(
      screen.getByText('Returning you to the site in 5 s').id,
    );
    stay.focus();
    act(() => {
      stay.click();
    });
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).toBeNull();
    expect(screen.queryByText(/Returning you to the site/)).toBeNull();
    const note = screen.getByText(
      'You stay on this page. Go back to the game whenever you are ready.',
    );
    // The button went: the focus is on the sentence that took its place, not on the page's start.
    expect(document.activeElement).toBe(note);
    vi.mocked(announce).mockClear();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDone).not.toHaveBeenCalled();
    expect(announce).not.toHaveBeenCalled();
  });

  it('WCAG 2.2.1: the Stay button works from the keyboard in Arabic and Ukrainian too', async () => {
    for (const [language, name, stayed] of [
      ['ar', 'البقاء في هذه الصفحة', 'ستبقى في هذه الصفحة. عُد إلى اللعبة متى كنت مستعدًا.'],
      [
        'uk',
        'Залишитися на цій сторінці',
        'Ви залишаєтеся на цій сторінці. Поверніться до гри, коли будете готові.',
      ],
    ] as const) {
      const i18n = await createI18n(language);
      const onDone = vi.fn();
      const user = userEvent.setup();
      const { unmount } = render(
        <I18nextProvider i18n={i18n}>
          <RedirectCountdown seconds={30} onDone={onDone} />
        </I18nextProvider>,
      );
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name }));
      await user.keyboard('{Enter}');
      expect(document.activeElement).toBe(screen.getByText(stayed));
      unmount();
    }
  });
});
