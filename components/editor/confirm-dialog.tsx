'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import ui from './ui.module.css';
import dialogStyles from './dialog.module.css';

/** A `<dialog>` shown as a modal while `open`, closed otherwise: the editor's dialogs follow their state. */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}

/**
 * A question before a change readers feel at once (taking a page off the site): a modal dialog
 * with what happens, Cancel (the default focus, and Escape) and the change itself.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useModalDialog(open);
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className={`${dialogStyles.dialog} ${dialogStyles.narrow}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onCancel}
    >
      <h2 id={`${id}-title`} className={dialogStyles.title}>
        {title}
      </h2>
      <div id={`${id}-body`} className={ui.hint}>
        {children}
      </div>
      <div className={dialogStyles.actions}>
        <button type="button" className={ui.button} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={`${ui.button} ${ui.danger}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
