import type { EditView } from '@portal/shared/schemas/register-edit';
import { useT } from '../../i18n/locale';
import { asText } from '../amendment/amendFields';
import { useChangeName } from '../review/AuditTrail';
import { buttonSecondary } from '../review/ui';

export interface ChangedField {
  name: string;
  now: string;
}

/** The fields someone else changed between the version the form started from and the current one. */
export function changedFields(before: EditView, now: EditView): ChangedField[] {
  return [...now.fixed, ...now.editable]
    .filter((n) => asText(before.fields[n]) !== asText(now.fields[n]))
    .map((n) => ({ name: n, now: asText(now.fields[n]) }));
}

/**
 * A save refused because the application moved on meanwhile (409 STALE_STATE, as every officer
 * action): nothing was overwritten. What the officer typed stays in the form; this says which fields
 * changed and to what, so the officer can look and save again on the current version.
 */
export function ConflictChanges({ changed, onClose }: { changed: ChangedField[]; onClose: () => void }) {
  const t = useT();
  const nameOf = useChangeName();
  return (
    <section role="alert" className="mt-4 rounded border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
      <h2 className="text-lg font-bold">{t('registerEdit.conflict.title')}</h2>
      <p className="mt-1">{t('registerEdit.conflict.body')}</p>
      {changed.length ? (
        <ul className="mt-2 list-inside list-disc">
          {changed.map((c) => (
            <li key={c.name}>
              {t('registerEdit.conflict.row', {
                field: nameOf(c.name),
                now: c.now || t('registerEdit.history.empty'),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{t('registerEdit.conflict.nothing')}</p>
      )}
      <button type="button" onClick={onClose} className={`${buttonSecondary} mt-2`}>
        {t('registerEdit.conflict.close')}
      </button>
    </section>
  );
}
