import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Button } from './button';

const BASE_CSS = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../themes/base.css'),
  'utf8',
);

afterEach(() => {
  vi.restoreAllMocks();
});

function press(button: HTMLElement) {
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 100, y: 50, width: 200, height: 48 }),
  );
  // jsdom has no PointerEvent: a mouse event of the same type carries the point.
  fireEvent(button, new MouseEvent('pointerdown', { bubbles: true, clientX: 130, clientY: 74 }));
}

describe('SPEC §9: a pressed button ripples for 600 ms', () => {
  it('a press starts a ripple at the pressed point, a picture only, gone when its animation ends', () => {
    const onPointerDown = vi.fn();
    render(<Button onPointerDown={onPointerDown}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    press(button);
    expect(onPointerDown).toHaveBeenCalledTimes(1);
    const wave = button.querySelector<HTMLElement>('.cd-ripple__wave');
    expect(wave).not.toBeNull();
    expect(button.querySelector('.cd-ripple')?.getAttribute('aria-hidden')).toBe('true');
    // Centred on the press (30, 24 inside the button), large enough to cover it from there.
    const size = 2 * Math.hypot(200, 48);
    expect(parseFloat(wave?.style.width ?? '')).toBeCloseTo(size);
    expect(parseFloat(wave?.style.left ?? '')).toBeCloseTo(30 - size / 2);
    expect(parseFloat(wave?.style.top ?? '')).toBeCloseTo(24 - size / 2);
    expect(screen.getByRole('button', { name: 'Pay' })).toBe(button);
    if (wave !== null) fireEvent.animationEnd(wave);
    expect(button.querySelector('.cd-ripple')).toBeNull();
  });

  it('no ripple for a player who prefers reduced motion (a ripple from before goes too)', () => {
    render(<Button>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    press(button);
    expect(button.querySelector('.cd-ripple')).not.toBeNull();
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list: MediaQueryList = Object.assign(new EventTarget(), {
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      });
      return list;
    });
    press(button);
    expect(button.querySelector('.cd-ripple')).toBeNull();
  });

  it('the stylesheet runs the ripple for --cd-ripple-ms and hides it under prefers-reduced-motion', () => {
    const css = BASE_CSS.replace(/\s+/g, ' ');
    expect(css).toMatch(/\.cd-ripple__wave \{[^}]*animation: cd-ripple var\(--cd-ripple-ms\) /);
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{ \.cd-ripple \{ display: none; \} \}/,
    );
  });
});
