import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, requestUrl, jsonResponse } from '../../test/render-at';
import { TokenizationPage } from './tokenization-page';

interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
}

const SAVED_CARD = {
  card_id: '2b9c1f3e-8d7a-4e57-9f1c-6a1b2c3d4e5f',
  last4: '0101',
  bin: '400000',
  is_card_token_active: true,
  exp_month: '12',
  exp_year: '2031',
  cardholder_name: 'ADA LOVELACE',
  card_type: 'visa',
};

function stubServer(answer: unknown, status = 200) {
  const calls: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: RequestInit) => {
      const body = init?.body;
      calls.push({
        url: requestUrl(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof body === 'string' ? JSON.parse(body) : null,
      });
      return Promise.resolve(jsonResponse(answer, status));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillCard(pan = '4000 0000 0000 0101') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), pan);
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1231');
  await user.type(screen.getByLabelText('CVV'), '737');
  await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  return user;
}

describe('the tokenization page (SPEC §1, §2 /tokenization_page)', () => {
  it('SPEC §1: sends the typed card to POST /user-cards once, with an Idempotency-Key, and shows the saved card', async () => {
    const calls = stubServer({ result: 'saved', card: SAVED_CARD, reason: null, error_code: null });
    await renderAt(<TokenizationPage />, { address: '/tokenization_page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Save a card' })).toBeTruthy();
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card is saved.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toMatch(/\/api\/cashier-service\/v1\.0\/user-cards$/);
    expect(posts[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]?.body).toEqual({
      card_data: {
        card_pan: '4000000000000101',
        card_exp_month: '12',
        card_exp_year: '31',
        card_cvv: '737',
        card_cardholder_name: 'Ada Lovelace',
      },
    });
    // Nothing typed stays on the page once the card is with the provider.
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('');
    expect(screen.getByRole('link', { name: 'Manage saved cards' })).toBeTruthy();
  });

  it('SPEC §5: a card the rules refuse is marked at its field and nothing is sent', async () => {
    const calls = stubServer({});
    await renderAt(<TokenizationPage />, { address: '/tokenization_page' });
    const user = await fillCard('4000 0000 0000 0102');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each([
    [
      'declined',
      'declined',
      'Your bank declined this card. It was not saved and no money was taken.',
    ],
    [
      'not_saved',
      'confirmation_needed',
      'Your bank needs to confirm this card with a payment. Pay with it once and tick “Save card”.',
    ],
    [
      'not_saved',
      'provider_unavailable',
      'The card could not be saved right now. No money was taken. Please try again in a moment.',
    ],
  ])('SPEC §1: a %s answer (%s) says why the card was not saved', async (result, reason, text) => {
    stubServer({ result, card: null, reason, error_code: result === 'declined' ? '1301' : null });
    await renderAt(<TokenizationPage />, { address: '/tokenization_page' });
    const user = await fillCard();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const shown = await screen.findByText(text, { selector: '.cd-tokenization__problem' });
    expect(shown.textContent).toBe(text);
    // What was typed stays for another try.
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).not.toBe('');
  });
});
