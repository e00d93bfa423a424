import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>` element (focus trap, Escape and inert background for
 * free). `onClose` fires on Escape too.
 */
export function Dialog({
  open,
  title,
  children,
  footer,
  onClose,
  tone = 'default',
  icon,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  onClose: () => void;
  tone?: 'default' | 'warning';
  icon?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      data-tone={tone}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="dialog__body">
        {icon && <div className="dialog__icon">{icon}</div>}
        <div>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <div className="dialog__content">{children}</div>
        </div>
      </div>
      <div className="dialog__footer">{footer}</div>
    </dialog>
  );
}
