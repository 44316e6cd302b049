import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormKa } from '@portal/shared';
import { api, ApiError } from '../../api/client';
import { FormGaSheet } from './FormGaSheet';
import { FormKaSheet } from './FormKaSheet';
import { pt } from './printText';

type Load = { kind: 'loading' } | { kind: 'ready'; form: FormKa } | { kind: 'error'; message: string; retry: boolean };

/**
 * /new-app-print/:id, /existing-app-print/:id and /renew-app-print/:id (spec 1 §2 "Print pages"):
 * the printed application, Form-Ka for a new or existing well (and a change request), Form-Ga for
 * a renewal. The sheet follows the kind the application has, not the address, so a link with the
 * "wrong" legacy path still prints the right form. Printing happens only when the button is pressed.
 */
export default function PrintPage() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    api<FormKa>(`/api/applications/${encodeURIComponent(id)}/print`)
      .then((form) => live && setLoad({ kind: 'ready', form }))
      .catch((e: unknown) => {
        if (!live) return;
        const err = e instanceof ApiError ? e : null;
        if (err?.status === 404) setLoad({ kind: 'error', message: pt('application.print.notFound'), retry: false });
        else setLoad({ kind: 'error', message: err?.messageBn ?? pt('common.networkError'), retry: true });
      });
    return () => {
      live = false;
    };
  }, [id, attempt]);

  return (
    <div className="min-h-screen bg-gray-100 print:bg-white">
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <div className="no-print mx-auto flex max-w-[210mm] flex-wrap items-center justify-between gap-2 p-3">
        <Link to="/saved" className="min-h-10 py-2 text-brand-800 underline">
          {pt('application.print.back')}
        </Link>
        {load.kind === 'ready' && (
          <button
            type="button"
            onClick={() => window.print()}
            className="min-h-11 rounded bg-brand-700 px-5 font-bold text-white"
          >
            {pt('common.print')}
          </button>
        )}
      </div>
      {load.kind === 'loading' && (
        <p role="status" className="p-6 text-center text-gray-600">
          {pt('common.loading')}
        </p>
      )}
      {load.kind === 'error' && (
        <div role="alert" className="mx-auto max-w-md rounded border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="mb-3">{load.message}</p>
          {load.retry && (
            <button
              type="button"
              onClick={() => setAttempt((a) => a + 1)}
              className="min-h-10 rounded bg-brand-700 px-4 font-semibold text-white"
            >
              {pt('common.retry')}
            </button>
          )}
        </div>
      )}
      {load.kind === 'ready' &&
        (load.form.kind === 'Renew' ? <FormGaSheet form={load.form} /> : <FormKaSheet form={load.form} />)}
    </div>
  );
}
