import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the drawer. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A full-screen panel on the native modal `<dialog>`: the browser traps focus inside it, makes the
 * page behind inert, closes it on Escape, and returns focus to the control that opened it.
 */
export function Drawer({ open, onClose, label, children, className }: DrawerProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={['ui-drawer', className].filter(Boolean).join(' ')}
      aria-label={label}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="ui-drawer__bar">
        <Button variant="secondary" className="ui-drawer__close" aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
