import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce } from '../ui/announcer';
import { Shell } from './shell';
import { readStartup } from './startup';

function startupFor(lang: string) {
  return readStartup({
    address: `https://cashier.test/deposit?session_id=s&lang=${lang}-brand0`,
    windowWidth: 800,
    windowHeight: 600,
    userAgent: 'test',
    inFrame: true,
  });
}

describe('first render (issue 4 accessibility, SPEC §2 skeleton)', () => {
  it('has both live regions and a labelled loading skeleton before the app loads', () => {
    render(<Shell startup={startupFor('uk')} />);
    expect(screen.getByTestId('live-polite').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('live-assertive').getAttribute('aria-live')).toBe('assertive');
    expect(screen.getByLabelText('Завантаження каси…').getAttribute('aria-busy')).toBe('true');
  });

  it('fills the live region with an announcement, and again for a repeat', async () => {
    render(<Shell startup={startupFor('en')} />);
    await act(async () => {
      announce('Card number is incorrect', 'assertive');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.getByTestId('live-assertive').textContent).toBe('Card number is incorrect');
    act(() => {
      announce('Card number is incorrect', 'assertive');
    });
    expect(screen.getByTestId('live-assertive').textContent).toBe('');
  });
});
