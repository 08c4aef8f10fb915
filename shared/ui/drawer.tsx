import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the drawer. */
  label: string;
  children: ReactNode;
  className?: string;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog (the browser would otherwise move on to its own toolbar). */
function cycleFocus(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A full-screen panel on the native modal `<dialog>`: the page behind is inert, Escape closes it,
 * focus stays inside and returns to the control that opened it. The element marked
 * `data-autofocus` gets focus on open (else the first control, as the browser does).
 */
export function Drawer({
  open,
  onClose,
  label,
  children,
  className,
  closeLabel = `Close ${label.toLowerCase()}`,
}: DrawerProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={['ui-drawer', className].filter(Boolean).join(' ')}
      aria-label={label}
      onClose={onClose}
      onKeyDown={cycleFocus}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="ui-drawer__bar">
        <Button variant="secondary" className="ui-drawer__close" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
