import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@cashdesk/contract';
import { jsonResponse, renderAt, requestUrl } from '../test/render-at';
import { NotificationBanner } from './notification-banner';
import { notificationsReceived } from './notifications-slice';

const CARD_NOTICE = {
  key: 'card-maintenance',
  categories: ['deposit_form'],
  pay_group_id: 7,
  message: 'Card payments may take a few minutes longer tonight.',
};

const fetchStub = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchStub.mockImplementation((input) =>
    Promise.resolve(
      requestUrl(input).includes(ENDPOINTS.notifications.path)
        ? jsonResponse({ notifications: [CARD_NOTICE] })
        : jsonResponse({ error_code: '404' }, 404),
    ),
  );
  vi.stubGlobal('fetch', fetchStub);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notifications on a page (SPEC §2, §4)', () => {
  it('SPEC §2: shows a notification on a form of its category and pay group, and removes it on close (SPEC §4)', async () => {
    const user = userEvent.setup();
    await renderAt(<NotificationBanner category="deposit_form" payGroupId={7} />, {
      address: '/deposit/7',
    });
    const text = await screen.findByText(CARD_NOTICE.message);
    // In a status region: a notification that comes while the page is open is announced.
    expect(text.closest('.cd-notifications')?.getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Close this notice' }));
    expect(screen.queryByText(CARD_NOTICE.message)).toBeNull();
  });

  it('SPEC §2: shows nothing on a form of another pay group or on a page of another category', async () => {
    const other = await renderAt(<NotificationBanner category="deposit_form" payGroupId={8} />, {
      address: '/deposit/8',
    });
    await waitFor(() => {
      expect(fetchStub).toHaveBeenCalled();
    });
    await waitFor(() => {
      expect(other.store.getState().notifications?.list).toHaveLength(1);
    });
    expect(screen.queryByText(CARD_NOTICE.message)).toBeNull();
    other.unmount();
    await renderAt(<NotificationBanner category="withdrawal_form" payGroupId={7} />, {
      address: '/withdrawal/7',
    });
    expect(screen.queryByText(CARD_NOTICE.message)).toBeNull();
  });

  it('SPEC §4: a removed key stays removed when it is delivered again; a new one replaces the one shown', async () => {
    const user = userEvent.setup();
    const { store } = await renderAt(
      <NotificationBanner category="deposit_form" payGroupId={7} />,
      {
        address: '/deposit/7',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Close this notice' }));
    store.dispatch(notificationsReceived([CARD_NOTICE]));
    await waitFor(() => {
      expect(screen.queryByText(CARD_NOTICE.message)).toBeNull();
    });
    store.dispatch(
      notificationsReceived([
        { ...CARD_NOTICE, key: 'bonus-weekend', pay_group_id: null, message: 'Weekend bonus!' },
      ]),
    );
    await screen.findByText('Weekend bonus!');
    expect(screen.getAllByRole('button', { name: 'Close this notice' })).toHaveLength(1);
  });
});
