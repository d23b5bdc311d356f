import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/** Visual weight of a {@link Button}. */
export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly block?: boolean;
  readonly children: ReactNode;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** The one button of the widget: a real <button>, type="button" unless told otherwise. */
export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'cd-button',
    `cd-button--${variant}`,
    block ? 'cd-button--block' : '',
    className ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {children}
    </button>
  );
}
