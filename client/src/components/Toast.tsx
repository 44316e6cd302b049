import { useMemo, useSyncExternalStore } from 'react';
import { useT } from '../i18n/locale';

/**
 * Short notices after an action ('{role} assigned', 'Data Updated successfully'…; spec 2 §8).
 * A module-level store, so `useToast()` works in any screen without a provider; `<Toaster />`
 * draws them (the staff shell renders one). Failures look like failures and stay longer
 * (the legacy showed some failures in the success style; spec README defect 5).
 */
export type ToastKind = 'success' | 'failure';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  listeners.forEach((l) => l());
}

export function dismissToast(id: number): void {
  emit(items.filter((i) => i.id !== id));
}

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  emit([...items.slice(-3), { id, kind, message }]);
  setTimeout(() => dismissToast(id), kind === 'failure' ? 10_000 : 4_000);
  return id;
}

export function useToast() {
  return useMemo(
    () => ({
      success: (message: string) => showToast('success', message),
      failure: (message: string) => showToast('failure', message),
    }),
    [],
  );
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toaster() {
  const t = useT();
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 print:hidden sm:items-end">
      {list.map((item) => (
        <div
          key={item.id}
          role={item.kind === 'failure' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border-l-4 p-3 shadow-lg ${
            item.kind === 'failure'
              ? 'border-red-600 bg-red-50 text-red-900'
              : 'border-brand-600 bg-brand-50 text-brand-900'
          }`}
        >
          <span aria-hidden="true" className="font-bold">
            {item.kind === 'failure' ? '✕' : '✓'}
          </span>
          <p className="flex-1 text-sm">
            <span className="sr-only">
              {t(item.kind === 'failure' ? 'staff.toast.failure' : 'staff.toast.success')}:{' '}
            </span>
            {item.message}
          </p>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
            aria-label={t('staff.toast.close')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
