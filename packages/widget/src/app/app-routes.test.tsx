import { ROUTES } from '@cashdesk/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { AppRoutes, SCREENS } from './app-routes';
import { ROUTE_SCREEN_CODE } from './screen-code';
import { errorPopupOpened } from '../store/ui-slice';

describe('route table (SPEC §2 routes)', () => {
  it('gives every route of SPEC §2 a screen of its own (no "not available yet" page is left)', () => {
    const missing = ROUTES.filter((route) => SCREENS[route.id] === undefined).map(
      (route) => route.path,
    );
    expect(missing).toEqual([]);
  });

  it('shows a clear page with the way back for an address that is no route', async () => {
    await renderWithApp(<AppRoutes />, { route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to deposit methods' }).getAttribute('href')).toBe(
      '/deposit?session_id=test-session&lang=en-brand0',
    );
  });

  it.each([
    ['/cards', 'Saved cards'],
    ['/withdrawal-cards', 'Cards for withdrawals'],
  ])('%s shows the saved cards screen (SPEC §2)', async (path, title) => {
    await renderWithApp(<AppRoutes />, { route: path });
    // The first import of the cards screen's module in this test process transforms it.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it.each([
    ['/account-management/support', 'Verify through a support message'],
    ['/withdrawal-verify-account', 'Start your withdrawal again'],
    ['/account-management/status/success', 'Your account is confirmed'],
  ])('%s shows its account-management screen (SPEC §2)', async (path, title) => {
    await renderWithApp(<AppRoutes />, { route: path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it.each([
    ['en', '/error', 'The payment could not go on', 'Go to deposit methods', '/deposit'],
    ['ar', '/error', 'تعذّر إكمال الدفع', 'الانتقال إلى طرق الإيداع', '/deposit'],
  ] as const)(
    'SPEC §1 page kind error (%s): /error says the payment stopped and leads to the deposit methods and the payments',
    async (language, path, title, back, home) => {
      await renderWithApp(<AppRoutes />, { route: path, language });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.queryByText('Page not found')).toBeNull();
      expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(
        `${home}?session_id=test-session&lang=${language}-brand0`,
      );
      const history = screen.getAllByRole('link').at(-1);
      expect(history?.getAttribute('href')).toBe(
        `${home}-history?session_id=test-session&lang=${language}-brand0`,
      );
    },
  );

  it('answers an address that is no route with a not-found page', async () => {
    await renderWithApp(<AppRoutes />, { route: '/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the session-expired screen on every route once the session is gone (SPEC §4)', async () => {
    await renderWithApp(<AppRoutes />, { route: '/reject-withdrawal', sessionId: null });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('Not available yet')).toBeNull();
  });

  it('knows the module of every screen the shell may load ahead (screen-code.ts)', () => {
    expect(Object.keys(ROUTE_SCREEN_CODE).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it('shows the error popup when one opens, over the page (SPEC §8)', async () => {
    const { store } = await renderWithApp(<AppRoutes />, { route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => {
      store.dispatch(errorPopupOpened({ message: 'Card blocked by the bank' }));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('Card blocked by the bank');
  });
});
