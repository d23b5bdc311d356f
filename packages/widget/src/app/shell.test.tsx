import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, LIVE_REGION_IDS } from '../ui/announcer';
import { Shell } from './shell';
import { readStartup } from '../startup/startup';
import INDEX_HTML from '../../index.html?raw';

function startupFor(lang: string) {
  return readStartup({
    address: `https://cashier.test/deposit?session_id=s&lang=${lang}-brand0`,
    windowWidth: 800,
    windowHeight: 600,
    userAgent: 'test',
    inFrame: true,
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('first render (live regions for screen readers, SPEC §2 skeleton)', () => {
  it('index.html has both live regions outside the React root and a busy skeleton inside it', () => {
    document.body.innerHTML = new DOMParser().parseFromString(
      INDEX_HTML,
      'text/html',
    ).body.innerHTML;
    const polite = document.getElementById(LIVE_REGION_IDS.polite);
    const assertive = document.getElementById(LIVE_REGION_IDS.assertive);
    expect(polite?.getAttribute('aria-live')).toBe('polite');
    expect(assertive?.getAttribute('aria-live')).toBe('assertive');
    expect(document.getElementById('root')?.contains(polite ?? null)).toBe(false);
    expect(screen.getByLabelText('Loading the cashier…').getAttribute('aria-busy')).toBe('true');
  });

  it('paints the same wallet icon in index.html and in the shell, so nothing jumps when React takes over', () => {
    const page = new DOMParser().parseFromString(INDEX_HTML, 'text/html');
    const staticIcon = page.querySelector('#root .cd-skeleton .cd-skeleton__icon');
    render(<Shell startup={startupFor('ar')} />);
    const shellIcon = document.querySelector('.cd-skeleton .cd-skeleton__icon');
    expect(staticIcon?.getAttribute('aria-hidden')).toBe('true');
    expect(shellIcon?.getAttribute('viewBox')).toBe(staticIcon?.getAttribute('viewBox'));
    expect(shellIcon?.querySelector('path')?.getAttribute('d')).toBe(
      staticIcon?.querySelector('path')?.getAttribute('d'),
    );
  });

  it('renders the skeleton with a translated label while the app loads', () => {
    render(<Shell startup={startupFor('uk')} />);
    expect(screen.getByLabelText('Завантаження каси…').getAttribute('aria-busy')).toBe('true');
  });

  it('announces through the live region, again for a repeat of the same text', async () => {
    document.body.innerHTML = `<div id="${LIVE_REGION_IDS.assertive}" aria-live="assertive"></div>`;
    const region = document.getElementById(LIVE_REGION_IDS.assertive);
    announce('Card number is incorrect', 'assertive');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(region?.textContent).toBe('Card number is incorrect');
    announce('Card number is incorrect', 'assertive');
    expect(region?.textContent).toBe('');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(region?.textContent).toBe('Card number is incorrect');
  });
});
