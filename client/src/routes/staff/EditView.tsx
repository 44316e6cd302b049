import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { StoredKind } from '@portal/shared/kinds/slots';
import type { EditView as EditViewData } from '@portal/shared/schemas/register-edit';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { ApiError } from '../../api/client';
import { useLocale, useT } from '../../i18n/locale';
import { fetchEditView } from '../../features/edit-view/api';
import { ConflictChanges, changedFields, type ChangedField } from '../../features/edit-view/ConflictChanges';
import { DocumentSlots } from '../../features/edit-view/DocumentSlots';
import { EditFieldsForm } from '../../features/edit-view/EditFieldsForm';
import { OverrideBox } from '../../features/edit-view/OverrideBox';
import { AuditTrail } from '../../features/review/AuditTrail';
import { localDigits } from '../../features/review/format';
import { buttonSecondary } from '../../features/review/ui';

/** The register list each kind is listed in (spec 2 "Application lists": new, old, change, renew). */
const LIST_OF: Record<StoredKind, string> = {
  New: 'all-application',
  Existing: 'all-application',
  Old: 'all-application2',
  NameChange: 'all-application3',
  PlotChange: 'all-application3',
  Renew: 'all-application4',
};

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; view: EditViewData };

/**
 * edit-view/{id} (spec 2 "Edit application screen": a full edit form plus per-document replacement
 * forms; docs/decisions/038-edit-view-and-override.md): the kind's form prefilled, each document
 * replaceable, the Admin's stage by hand, and the history with every change before and after.
 */
export default function EditView() {
  const t = useT();
  const { locale } = useLocale();
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [conflict, setConflict] = useState<ChangedField[] | null>(null);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', view: await fetchEditView(id) });
    } catch (err) {
      setState({ status: 'error', message: err instanceof ApiError ? err.messageBn : String(err) });
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const show = (view: EditViewData) => setState({ status: 'ready', view });
  const back = (kind?: StoredKind) => (
    <Link to={`/admin-page/${kind ? LIST_OF[kind] : 'all-application'}`} className="text-brand-700 underline">
      ← {t('registerEdit.back')}
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <div className="p-3">
        {back()}
        <p role="status" className="mt-4">
          {t('registerEdit.loading')}
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="p-3">
        {back()}
        <div role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          <p>
            {t('registerEdit.loadFail')} {state.message}
          </p>
          <button type="button" onClick={() => void load()} className={`${buttonSecondary} mt-2`}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }

  const { view } = state;
  return (
    <div className="mx-auto max-w-3xl p-3 sm:p-4">
      {back(view.kind)}
      <h1 className="mt-2 text-xl font-bold text-brand-900">
        {t('registerEdit.title')}: {t('decisions.field.applicationNumber')}{' '}
        {localDigits(view.applicationNumber, locale)}
      </h1>
      <p className="mt-1 text-gray-700">
        {t('registerEdit.kindLabel', { kind: t(`decisions.kind.${view.kind}` as MessageKey) })} ·{' '}
        {t('registerEdit.stageLabel', { stage: t(stageLabelKey(view.stage)) })}
      </p>
      <p className="mt-2 text-sm text-gray-700">{t('registerEdit.intro')}</p>
      {conflict && <ConflictChanges changed={conflict} onClose={() => setConflict(null)} />}
      <EditFieldsForm
        view={view}
        onSaved={(saved) => {
          setConflict(null);
          show(saved);
        }}
        onConflict={(current) => {
          // The form keeps what was typed; the page moves to the current version and says what moved.
          setConflict(changedFields(view, current));
          show(current);
        }}
      />
      <DocumentSlots view={view} onView={show} />
      <OverrideBox view={view} onView={show} />
      <AuditTrail audit={view.history} />
    </div>
  );
}
