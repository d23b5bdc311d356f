import { useState } from 'react';
import type { ButtonHTMLAttributes, PointerEvent, ReactNode, Ref } from 'react';

/** Visual weight of a {@link Button}. */
export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly block?: boolean;
  readonly children: ReactNode;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** One ripple: where the press was, inside the button, and how large the circle grows. */
interface Ripple {
  readonly key: number;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/** Whether the player asked for less motion (then no ripple at all). */
function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The one button of the widget: a real <button>, type="button" unless told otherwise. A press
 * (pointer down) sends a ripple from the pressed point across the button for SPEC §9's ripple
 * length (`--cd-ripple-ms`, the domain's RIPPLE_MS, ui/layout-properties.ts); it is a picture
 * only (aria-hidden), and a player who prefers reduced motion gets none.
 */
export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  children,
  onPointerDown,
  ...rest
}: ButtonProps) {
  const [ripple, setRipple] = useState<Ripple | null>(null);
  const classes = [
    'cd-button',
    `cd-button--${variant}`,
    block ? 'cd-button--block' : '',
    className ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ');
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    onPointerDown?.(event);
    if (prefersReducedMotion()) {
      // A ripple left from before the preference changed is hidden by CSS and never ends.
      setRipple(null);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    // Large enough to cover the button from any pressed point.
    const size = 2 * Math.hypot(box.width, box.height);
    setRipple((previous) => ({
      key: (previous?.key ?? 0) + 1,
      x: event.clientX - box.left,
      y: event.clientY - box.top,
      size,
    }));
  };
  return (
    <button type={type} className={classes} onPointerDown={press} {...rest}>
      {children}
      {ripple === null ? null : (
        <span className="cd-ripple" aria-hidden="true">
          <span
            key={ripple.key}
            className="cd-ripple__wave"
            style={{
              left: ripple.x - ripple.size / 2,
              top: ripple.y - ripple.size / 2,
              width: ripple.size,
              height: ripple.size,
            }}
            onAnimationEnd={() => {
              setRipple(null);
            }}
          />
        </span>
      )}
    </button>
  );
}
