import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../i18n/locale';

/**
 * Dialogs on Radix (focus trap, Escape, aria wiring). `Modal` is the frame; `ConfirmDialog`
 * asks one question with Bangla buttons ('Are you sure to Delete?' and the like, spec 2 §5);
 * `useConfirm()` (useConfirm.tsx) turns it into `await confirm({...})` without putting this module in a page's
 * first paint.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 print:hidden" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl print:hidden"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-lg font-bold text-gray-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-2 text-gray-700">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmOptions & { open: boolean; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={(o) => !o && !busy && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="min-h-10 rounded border border-gray-300 bg-white px-4 text-gray-800 hover:bg-gray-100 disabled:opacity-50"
        >
          {cancelLabel ?? t('common.no')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={`min-h-10 rounded px-4 font-semibold text-white disabled:opacity-50 ${tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
          autoFocus
        >
          {confirmLabel ?? t('common.yes')}
        </button>
      </div>
    </Modal>
  );
}
