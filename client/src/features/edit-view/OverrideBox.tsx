import { useState, type FormEvent } from 'react';
import type { EditView } from '@portal/shared/schemas/register-edit';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import type { Stage } from '@portal/shared/workflow/types';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/useConfirm';
import { TextArea } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { buttonDanger, FormError, Section } from '../review/ui';
import { fetchEditView, overrideStage } from './api';

/**
 * The Admin's stage by hand (spec 3 §4 "Admin may set any destination and status by hand"): only
 * the stages the kind's pipeline accepts now (the server lists them), a reason always, and a
 * confirmation naming from, to and why. It is the review engine's override action: the levels from
 * the new stage on see the application as unseen again, and the history keeps the reason.
 */
export function OverrideBox({ view, onView }: { view: EditView; onView: (v: EditView) => void }) {
  const t = useT();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [stage, setStage] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ stage?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!view.override) return null;
  const stageName = (s: string) => t(stageLabelKey(s as Stage));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = {
      ...(stage ? {} : { stage: t('v.choose') }),
      ...(reason.trim() ? {} : { reason: t('v.required') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ok = await confirm({
      title: t('registerEdit.override.confirmTitle'),
      description: t('registerEdit.override.confirmBody', {
        from: stageName(view.stage),
        to: stageName(stage),
        reason: reason.trim(),
      }),
      confirmLabel: t('registerEdit.override.submit'),
      cancelLabel: t('common.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const next = await overrideStage(view.id, {
        version: view.version,
        stage: stage as Stage,
        reason: reason.trim(),
      });
      toast.success(t('registerEdit.override.done', { stage: stageName(next.stage) }));
      setStage('');
      setReason('');
      onView(next);
    } catch (err) {
      setFailure(t('registerEdit.override.fail', { message: err instanceof ApiError ? err.messageBn : String(err) }));
      // Someone moved the application meanwhile: show it as it is now; the reason typed stays.
      if (err instanceof ApiError && err.code === 'STALE_STATE') {
        const fresh = await fetchEditView(view.id).catch(() => null);
        if (fresh) onView(fresh);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('registerEdit.override.title')} id="override-title">
      <p className="mb-3 text-sm text-gray-700">{t('registerEdit.override.hint')}</p>
      <p className="mb-3">{t('registerEdit.stageLabel', { stage: stageName(view.stage) })}</p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Select
          name="overrideStage"
          label={t('registerEdit.override.stage')}
          value={stage}
          onValue={setStage}
          required
          error={errors.stage}
          options={view.override.stages.map((s) => ({ value: s, label: stageName(s) }))}
        />
        <TextArea
          name="overrideReason"
          label={t('registerEdit.override.reason')}
          value={reason}
          onValue={setReason}
          required
          error={errors.reason}
        />
        <FormError message={failure} />
        <button type="submit" disabled={busy} className={`${buttonDanger} mt-2`}>
          {t('registerEdit.override.submit')}
        </button>
      </form>
      {dialog}
    </Section>
  );
}
