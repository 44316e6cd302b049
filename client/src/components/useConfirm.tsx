import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { afterPageSettled } from '../page-settled';
import type { ConfirmOptions } from './ConfirmDialog';

// The dialog (Radix) is its own chunk, so a page that may ask a question does not carry it in its
// first paint (the 100 KiB budget of docs/decisions/018-service-targets.md): it is fetched once the
// page has settled, so it is there by the first question, and at that question at the latest.
const loadDialog = () => import('./ConfirmDialog');
/** The dialog itself, for a page that renders it without `useConfirm` (render it inside <Suspense>). */
export const LazyConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

/** `const { confirm, dialog } = useConfirm(); if (await confirm({ title })) …` — render `dialog` once. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  useEffect(() => {
    // A failed fetch here is retried by the lazy component when the question is asked.
    void afterPageSettled().then(() => loadDialog().catch(() => {}));
  }, []);
  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setRequest(options);
    });
  }, []);
  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };
  const dialog = request && (
    <Suspense fallback={null}>
      <LazyConfirmDialog
        open
        title={request.title}
        description={request.description}
        confirmLabel={request.confirmLabel}
        cancelLabel={request.cancelLabel}
        tone={request.tone}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </Suspense>
  );
  return { confirm, dialog };
}
