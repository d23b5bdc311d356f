import { EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import { mapPayGroup } from '@cashdesk/domain';
import { ICON_RETRY_COUNT, ICON_RETRY_DELAY_MS } from '@cashdesk/domain/testing';
import type { Method } from '@cashdesk/domain';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { MethodLogo } from './method-logo';

/** The example card method (Visa / Mastercard), or as another type of method. */
function method(logo: string | null, payMethodType = 'e_wallets'): Method {
  const [group] = EXAMPLE_DEPOSIT_INIT.payment_groups;
  const mapped = mapPayGroup(
    { ...group, logo, pay_method_type: payMethodType },
    { platform: 'WEB', device: 'desktop' },
  );
  if (mapped === null) throw new Error('the example pay group does not map');
  return mapped;
}

/** Lets the probe's answer reach the component. */
async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('method logo (SPEC §7, §8 icon loading)', () => {
  it('SPEC §8: an icon failing with HTTP 400 is asked again after 500 ms, 3 times, then the placeholder shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const probe = vi.fn(() => Promise.resolve(400));
    const { container } = await renderWithApp(
      <MethodLogo method={method('/assets/logos/visa.svg')} probe={probe} />,
    );
    const sources: string[] = [];
    for (let retry = 0; retry < ICON_RETRY_COUNT; retry += 1) {
      const image = container.querySelector('img');
      sources.push(image?.getAttribute('src') ?? '');
      if (image === null) throw new Error('no image');
      fireEvent.error(image);
      await settle();
      // Not before the delay: the same failed address stays.
      act(() => {
        vi.advanceTimersByTime(ICON_RETRY_DELAY_MS - 1);
      });
      expect(container.querySelector('img')?.getAttribute('src')).toBe(sources.at(-1));
      act(() => {
        vi.advanceTimersByTime(1);
      });
    }
    const last = container.querySelector('img');
    if (last === null) throw new Error('no image after the retries');
    sources.push(last.getAttribute('src') ?? '');
    fireEvent.error(last);
    await settle();
    expect(sources).toEqual([
      '/assets/logos/visa.svg',
      '/assets/logos/visa.svg?retry=1',
      '/assets/logos/visa.svg?retry=2',
      '/assets/logos/visa.svg?retry=3',
    ]);
    expect(probe).toHaveBeenCalledTimes(ICON_RETRY_COUNT + 1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.cd-dh-logo--initial')).not.toBeNull();
  });

  it('SPEC §8: any other failure (404, a network error) shows the placeholder at once', async () => {
    for (const status of [404, null]) {
      const probe = vi.fn(() => Promise.resolve(status));
      const { container, unmount } = await renderWithApp(
        <MethodLogo method={method('/assets/logos/visa.svg?v=2')} probe={probe} />,
      );
      const image = container.querySelector('img');
      if (image === null) throw new Error('no image');
      fireEvent.error(image);
      await settle();
      expect(probe).toHaveBeenCalledWith('/assets/logos/visa.svg?v=2');
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('.cd-dh-logo--initial')?.getAttribute('data-initial')).toBe(
        'V',
      );
      unmount();
    }
  });

  it('a card method without a logo shows the real marks of the brands it names, as pictures only', async () => {
    const { container } = await renderWithApp(<MethodLogo method={method(null, 'cards')} />);
    await vi.waitFor(() => {
      const marks = [...container.querySelectorAll('svg.cd-card-mark')];
      expect(marks.map((mark) => mark.getAttribute('data-mark'))).toEqual(['visa', 'mastercard']);
    });
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('[role="img"]')).toBeNull();
    expect(container.querySelector('.cd-dh-logo--initial')).toBeNull();
  });

  it('a card method naming no brand shows the generic card mark; a configured logo wins', async () => {
    const plain = { ...method(null, 'cards'), displayName: 'Bank card', name: 'card' };
    const { container, unmount } = await renderWithApp(<MethodLogo method={plain} />);
    await vi.waitFor(() => {
      expect(container.querySelector('svg.cd-card-mark')?.getAttribute('data-mark')).toBe(
        'generic',
      );
    });
    unmount();
    const configured = await renderWithApp(
      <MethodLogo method={method('/assets/logos/brand-cards.svg', 'cards')} />,
    );
    expect(configured.container.querySelector('img')?.getAttribute('src')).toBe(
      '/assets/logos/brand-cards.svg',
    );
    expect(configured.container.querySelector('.cd-card-mark')).toBeNull();
  });
});

describe('method logo by theme and density (SPEC §7 /assets/images/{theme}/{density}/)', () => {
  it('SPEC §7: a logo under the images folder shows from the page theme with every density, and falls back to the address as configured when that one is missing', async () => {
    const probe = vi.fn(() => Promise.resolve(404));
    const { container } = await renderWithApp(
      <MethodLogo method={method('/assets/images/brand0/2x/wallet.png')} probe={probe} />,
      { route: '/deposit?theme=brand1' },
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/assets/images/brand1/1x/wallet.png');
    expect(img?.getAttribute('srcset')).toBe(
      '/assets/images/brand1/1x/wallet.png 1x, /assets/images/brand1/2x/wallet.png 2x, /assets/images/brand1/3x/wallet.png 3x',
    );
    if (img === null) throw new Error('no logo');
    fireEvent.error(img);
    const configured = container.querySelector('img');
    expect(configured?.getAttribute('src')).toBe('/assets/images/brand0/2x/wallet.png');
    expect(configured?.hasAttribute('srcset')).toBe(false);
    // The themed variant's absence is not the logo's failure: nothing was probed yet.
    expect(probe).not.toHaveBeenCalled();
  });

  it('SPEC §7: an SVG or another host’s logo shows as configured, without densities', async () => {
    const { container } = await renderWithApp(
      <MethodLogo method={method('/assets/logos/ewallet.svg')} />,
      { route: '/deposit?theme=brand1' },
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/assets/logos/ewallet.svg');
    expect(img?.hasAttribute('srcset')).toBe(false);
  });
});
