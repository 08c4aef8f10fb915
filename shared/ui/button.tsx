import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
}

/** The site's button: 44 px touch target, visible focus, primary or secondary. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps): ReactNode {
  return (
    <button
      type={type}
      className={['ui-button', `ui-button--${variant}`, className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
