import type { MessageKey } from '@portal/shared/i18n/index';
import { auditNameKey } from '@portal/shared/i18n/audit-names';
import type { AuditFact } from '@portal/shared/schemas/audit';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';

/**
 * What an audit row changed, read as "field: before → after" (docs/decisions/041-audit-trail.md),
 * on an application's history and on the Admin's audit page: the same names and values both places.
 */

/** A field's or document's name: the label its own screen shows (one list: shared audit-names), else its code. */
export function useChangeName() {
  const t = useT();
  return (name: string) => {
    const key = auditNameKey(name, (k) => t(k) !== k);
    return key ? t(key) : name;
  };
}

/** A value as a reader expects it: Bangla digits, yes/no, a role's or a gallery's name, "(empty)". */
export function useAuditValue() {
  const t = useT();
  const { locale } = useLocale();
  const named = (key: string, fallback: string) => {
    const text = t(key as MessageKey);
    return text === key ? fallback : text;
  };
  return (name: string, value: unknown): string => {
    if (name === 'role') return value ? named(`staff.role.${String(value)}`, String(value)) : t('audit.noRole');
    if (value === null || value === undefined || value === '') return t('audit.empty');
    if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
    if (typeof value === 'number') return localDigits(value, locale);
    if (typeof value !== 'string') return JSON.stringify(value);
    if (name === 'gallery') return named(`content.gallery.title.${value}`, value);
    // An application's kind reads as its name (New, Renew, NameChange… are codes).
    if (name === 'kind') return named(`decisions.kind.${value}`, named(`audit.value.kind.${value}`, value));
    return named(`audit.value.${name}.${value}`, value);
  };
}

/** One value a row changed; the edit view's own history rows (decision 038) have this shape too. */
export interface ChangedValue {
  name: string;
  before: unknown;
  after: unknown;
}

export function AuditChanges({
  changes,
  facts = [],
}: {
  changes: readonly ChangedValue[] | null | undefined;
  facts?: readonly AuditFact[] | undefined;
}) {
  const t = useT();
  const nameOf = useChangeName();
  const show = useAuditValue();
  if (!changes?.length && !facts.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm">
      {changes?.map((c) => (
        <li key={`c:${c.name}`} className="break-words">
          <span className="font-semibold">{nameOf(c.name)}:</span>{' '}
          <span className="sr-only">{t('registerEdit.history.before')} </span>
          <span className="text-gray-600">{show(c.name, c.before)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> {t('registerEdit.history.after')} </span>
          <span>{show(c.name, c.after)}</span>
        </li>
      ))}
      {facts.map((f) => (
        <li key={`f:${f.name}`} className="break-words">
          <span className="font-semibold">{nameOf(f.name)}:</span> {show(f.name, f.value)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The same changes as a table of before and after (the edit view's design, decision 038): the
 * application's history has the width for it; the audit page's rows use the list above.
 */
export function AuditChangeTable({ changes }: { changes: readonly ChangedValue[] }) {
  const t = useT();
  const nameOf = useChangeName();
  const show = useAuditValue();
  return (
    <table className="mt-1 w-full text-sm">
      <thead>
        <tr className="text-start text-gray-600">
          <th scope="col" className="pe-2 text-start font-normal">
            <span className="sr-only">{t('decisions.audit.what')}</span>
          </th>
          <th scope="col" className="pe-2 text-start font-normal">
            {t('registerEdit.history.before')}
          </th>
          <th scope="col" className="text-start font-normal">
            {t('registerEdit.history.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.name} className="align-top">
            <th scope="row" className="pe-2 text-start font-semibold">
              {nameOf(c.name)}
            </th>
            <td className="pe-2 break-all text-gray-700">{show(c.name, c.before)}</td>
            <td className="break-all">{show(c.name, c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
