import { type Locale, type MessageKey } from '@portal/shared/i18n/index';
import { isUploading } from './offline/sync';
import { translateIn } from './i18n/locale';

/**
 * The service worker (vite.config.ts precaches the shell, the citizen form and the Bangla font).
 * A new version waits until the person agrees, and even then never takes over while an upload
 * is on the wire (docs/decisions/018-service-targets.md: an update must not strand queued items; enketo #986).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // workbox-window is loaded after the page so it does not weigh on the first paint.
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => showUpdatePrompt(() => wb.messageSkipWaiting()));
    // The new worker has taken over: reload once so page and worker are the same version.
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    void wb.register().catch(() => undefined);
  });
}

const text = (key: MessageKey) => translateIn((localStorage.getItem('locale') === 'en' ? 'en' : 'bn') as Locale, key);

/** A small bar at the foot of the screen; plain DOM so it works on any page, staff or citizen. */
function showUpdatePrompt(activate: () => void): void {
  if (document.getElementById('sw-update')) return;
  const bar = document.createElement('div');
  bar.id = 'sw-update';
  bar.setAttribute('role', 'status');
  bar.className =
    'no-print fixed inset-x-2 bottom-2 z-50 flex flex-wrap items-center gap-2 rounded-lg bg-gray-900 p-3 text-sm text-white shadow-lg';
  const message = document.createElement('span');
  message.className = 'flex-1';
  message.textContent = text('offline.update.available');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'min-h-10 rounded bg-brand-600 px-3 font-semibold';
  reload.textContent = text('offline.update.reload');
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'min-h-10 rounded px-3 underline';
  later.textContent = text('offline.update.later');
  later.onclick = () => bar.remove();
  reload.onclick = () => {
    reload.disabled = true;
    const tryActivate = () => {
      if (isUploading()) {
        message.textContent = text('offline.update.waitUpload');
        setTimeout(tryActivate, 2_000);
        return;
      }
      activate();
    };
    tryActivate();
  };
  bar.append(message, reload, later);
  document.body.append(bar);
}
