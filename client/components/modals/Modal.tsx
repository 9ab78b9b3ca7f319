import { useEffect, useRef, type ReactNode } from 'react';
import { focusOrigin } from '../../app/focus-return';

interface ModalProps {
  /** Stable id (not useId: the server renders from <html>, the client hydrates #root, so useId differs). */
  id: string;
  open: boolean;
  title: string;
  /** The id of the element inside that describes it (a question's text). */
  describedBy?: string;
  children: ReactNode;
  /** Esc or the close button. */
  onCancel: () => void;
  /** A click on the backdrop; defaults to onCancel. */
  onOutsideClick?: () => void;
  className?: string;
}

/**
 * A modal on the native <dialog>: focus moves in (to the child marked data-autofocus, else the first one that
 * can take it) and is trapped, the page behind is inert, Esc cancels; closed, focus goes back where it was.
 * Width 276 px (max 90%), in app.css.
 */
export function Modal({ id, open, title, describedBy, children, onCancel, onOutsideClick, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = `${id}-title`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = focusOrigin();
      dialog.showModal();
      // React's autoFocus calls focus() as the button mounts, before this effect opens the dialog, when nothing in
      // it can take focus; showModal() then focused the first element that can. A child marked data-autofocus
      // gets it instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      // The browser gave focus back to the body (what had it is gone, or was disabled while its call ran): back to
      // where the person was instead.
      if (document.activeElement === document.body && returnTo.current?.isConnected) returnTo.current.focus();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; its keyboard twin is Esc (the dialog's cancel event, onCancel)
    <dialog
      ref={ref}
      id={id}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-describedby={open ? describedBy : undefined}
      onCancel={(event) => {
        // React bubbles `cancel` through the component tree: Esc in a dialog nested in this one
        // (a policy text over the login modal) must close that one only.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === ref.current) (onOutsideClick ?? onCancel)();
      }}
    >
      {open && (
        <div className="modal-body">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
