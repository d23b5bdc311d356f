import { screen } from '@testing-library/react';
import { EXAMPLE_CONTENT_PAGE } from '@cashdesk/contract';
import { findRoute } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';
import { ContentPage } from './content-page';
import { contentSlugOf } from './content-slug';

vi.mock('../../host/host-bridge', () => ({ scrollToTop: vi.fn() }));

function route(): RouteDefinition {
  const found = findRoute('content');
  if (found === null) throw new Error('no content route');
  return found;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('content page address (SPEC §2 /content, §3 content page {url})', () => {
  it.each([
    ['?url=/content/payment-terms', 'payment-terms'],
    ['?url=payment-terms', 'payment-terms'],
    ['?url=https://brand.example/content/bonus-rules?x=1', 'bonus-rules'],
    ['?slug=faq', 'faq'],
    ['?url=/content/../../api/secret', 'secret'],
    ['?url=/content/Not_A_Slug!', null],
    ['?url=', null],
    ['', null],
  ])('%s names %s', (search, expected) => {
    expect(contentSlugOf(search)).toBe(expected);
  });
});

describe('content page (SPEC §2 /content, §7 content page)', () => {
  it('fetches /content/{slug} and renders the sections as text, never as HTML', async () => {
    const page = {
      ...EXAMPLE_CONTENT_PAGE,
      sections: [
        {
          heading: 'Deposits <b>now</b>',
          paragraphs: ['<img src=x onerror="alert(1)">', 'Plain words.'],
        },
      ],
    };
    const fetchMock = vi.fn<(input: unknown, init?: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(page)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderAt(<ContentPage route={route()} />, {
      address: '/content?url=/content/payment-terms',
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment terms');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Deposits <b>now</b>');
    expect(screen.getByText('<img src=x onerror="alert(1)">').tagName).toBe('P');
    expect(screen.getByText('Plain words.')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(requestUrl(input)).toBe('/content/payment-terms');
    expect(new Headers(init?.headers).get('x-session-id')).toBe('test-session');
  });

  it('says so when the address names no page, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderAt(<ContentPage route={route()} />, { address: '/content' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when the page cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'x' }, 404))),
    );
    await renderAt(<ContentPage route={route()} />, { address: '/content?url=missing-page' });
    expect(await screen.findByText('Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
