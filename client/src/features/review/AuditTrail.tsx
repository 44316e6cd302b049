import { FILE_SLOTS } from '@portal/shared/schemas/files';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import type { MessageKey } from '@portal/shared/i18n/index';
import { ACTIONS, type Action, type Stage, STAGES } from '@portal/shared/workflow/types';
import { actionLabelKey, stageLabelKey } from '@portal/shared/workflow/labels';
import { useLocale, useT } from '../../i18n/locale';
import type { AuditFact } from '@portal/shared/schemas/audit';
import { localDateTime } from './format';
import { AuditChangeTable, AuditChanges, useChangeName, type ChangedValue } from './AuditChanges';

/**
 * A history row with what it changed, before and after, whichever feature wrote it (the edit view's
 * rows, decision 038; settings, content and the rest, docs/decisions/041-audit-trail.md).
 */
type Entry = Omit<ApplicationDetail['audit'][number], 'changes' | 'facts'> & {
  changes?: readonly ChangedValue[] | null;
  facts?: readonly AuditFact[];
};

export { useChangeName };

export function useAuditWords() {
  const t = useT();
  const stage = (s: string | null) =>
    s && (STAGES as readonly string[]).includes(s) ? t(stageLabelKey(s as Stage)) : (s ?? '');
  // Past-tense words for the history; an action another feature adds later falls back to its button label, then its code.
  const action = (a: string) => {
    const key = `decisions.history.${a}` as MessageKey;
    const text = t(key);
    if (text !== key) return text;
    return (ACTIONS as readonly string[]).includes(a) ? t(actionLabelKey(a as Action)) : a;
  };
  const actor = (who: string) =>
    who === 'citizen' ? t('decisions.audit.citizen') : who === 'system' ? t('decisions.audit.system') : who;
  // A file upload's note is the slot's code name: say which document it was.
  const note = (a: string, n: string) => {
    if (a !== 'uploadFile' || !(FILE_SLOTS as readonly string[]).includes(n)) return n;
    return t(`decisions.file.${n}` as MessageKey);
  };
  return { stage, action, actor, note };
}

/** Who did what and when, from which stage to which (spec README: every transition is recorded). */
export function AuditTrail({ audit }: { audit: Entry[] }) {
  const t = useT();
  const { locale } = useLocale();
  const words = useAuditWords();
  return (
    <section
      aria-labelledby="audit-title"
      className="mt-4 rounded border border-gray-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="audit-title" className="mb-2 text-lg font-bold text-brand-900">
        {t('decisions.audit.title')}
      </h2>
      {audit.length === 0 ? (
        <p className="text-gray-600">{t('decisions.audit.empty')}</p>
      ) : (
        <ol className="divide-y divide-gray-200">
          {audit.map((e, i) => (
            <li key={i} className="py-2">
              <div className="flex flex-wrap gap-x-3 text-sm text-gray-700">
                <span>
                  <span className="sr-only">{t('decisions.audit.when')}: </span>
                  {localDateTime(e.at, locale)}
                </span>
                <span className="break-all">
                  <span className="sr-only">{t('decisions.audit.who')}: </span>
                  {words.actor(e.actor)}
                </span>
              </div>
              <div className="font-bold">
                {words.action(e.action)}
                {e.toStage && e.fromStage !== e.toStage && (
                  <span className="font-normal">
                    {' '}
                    ({e.fromStage ? `${words.stage(e.fromStage)} ` : ''}→ {words.stage(e.toStage)})
                  </span>
                )}
              </div>
              {e.note && !e.changes?.length && (
                <p className="whitespace-pre-wrap text-gray-800">
                  <span className="text-gray-600">{t('decisions.audit.note')}: </span>
                  {words.note(e.action, e.note)}
                </p>
              )}
              {!!e.changes?.length && <AuditChangeTable changes={e.changes} />}
              {/* A row with neither note nor changes shows its facts (a licence number, a count…). */}
              {!e.note && !e.changes?.length && <AuditChanges changes={null} facts={e.facts} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
