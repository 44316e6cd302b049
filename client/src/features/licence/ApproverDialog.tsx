import { useState, type FormEvent } from 'react';
import type { LicenceDocument } from '@portal/shared/schemas/licence';
import { api, ApiError } from '../../api/client';
import { Modal } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { ui } from '../staff/ui';

const LINES = 6;

/**
 * Change Approver (spec 3 §2 licensePrint, §4): custom signature lines text_1..text_6, or the default
 * Upazila Nirbahi Officer block. BADC only (§6); the server checks the role again.
 */
export function ApproverDialog({ doc, onSaved }: { doc: LicenceDocument; onSaved: (doc: LicenceDocument) => void }) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(doc.approver.custom);
  const [lines, setLines] = useState<string[]>(() =>
    Array.from({ length: LINES }, (_, i) => doc.approver.lines[i] ?? ''),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function start() {
    setCustom(doc.approver.custom);
    setLines(Array.from({ length: LINES }, (_, i) => doc.approver.lines[i] ?? ''));
    setError(null);
    setOpen(true);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (custom && !lines.some((l) => l.trim())) {
      setError(t('licence.approver.needLine'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await api<LicenceDocument>(`/api/staff/licences/${doc.applicationId}/approver`, {
        method: 'PUT',
        json: { custom, lines },
      });
      onSaved(updated);
      setOpen(false);
      toast.success(t('licence.approver.saved'));
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      setError(Object.values(apiError?.body?.fields ?? {})[0] ?? apiError?.messageBn ?? t('common.networkError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={start} className={ui.secondary}>
        {t('licence.approver.open')}
      </button>
      <Modal open={open} onOpenChange={(o) => !busy && setOpen(o)} title={t('licence.approver.title')}>
        <form onSubmit={save} className="space-y-3">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              checked={custom}
              onChange={(e) => setCustom(e.target.checked)}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <span>{t('licence.approver.custom')}</span>
          </label>
          {custom &&
            lines.map((line, i) => (
              <div key={i}>
                <label htmlFor={`approver-line-${i}`} className={ui.label}>
                  {t('licence.approver.line', { n: locale === 'bn' ? toBanglaDigits(i + 1) : i + 1 })}
                </label>
                <input
                  id={`approver-line-${i}`}
                  value={line}
                  maxLength={120}
                  onChange={(e) => setLines((all) => all.map((l, j) => (j === i ? e.target.value : l)))}
                  className={ui.input}
                />
              </div>
            ))}
          {error && (
            <p role="alert" className={ui.fieldError}>
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setOpen(false)} disabled={busy} className={ui.secondary}>
              {t('common.cancel')}
            </button>
            <button type="submit" disabled={busy} className={ui.primary}>
              {busy ? t('common.loading') : t('common.save')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
