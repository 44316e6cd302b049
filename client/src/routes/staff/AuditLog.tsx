import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Account } from '@portal/shared/schemas/auth';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ENTITY_TYPES,
  type AuditActionGroup,
  type AuditPage,
  type AuditRow,
} from '@portal/shared/schemas/audit';
import { useLocale, useT } from '../../i18n/locale';
import { DataTable, type Column } from '../../components/DataTable';
import { staffApi } from '../../features/staff/staffApi';
import { useFormat } from '../../features/staff/format';
import { ui } from '../../features/staff/ui';
import { AuditChanges } from '../../features/review/AuditChanges';
import { useAuditWords } from '../../features/review/AuditTrail';
import { localDateTime } from '../../features/review/format';
import { DateInput } from '../../components/form/DateInput';

/**
 * /admin-page/audit (issue 10 "Audit you can follow"; docs/decisions/041-audit-trail.md): every
 * change of the portal, newest first, searchable by who, what and when, the server paging and
 * filtering. Each row says which record it is about (an application opens its detail) and what
 * it changed as "field: before → after". The filters live in the URL, so Back returns to them.
 */
const FILTERS = ['actor', 'action', 'entity', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

export default function AuditLog() {
  const t = useT();
  const { locale } = useLocale();
  const f = useFormat();
  const words = useAuditWords();
  const [sp, setSp] = useSearchParams();
  const [accounts, setAccounts] = useState<Account[]>([]);

  useEffect(() => {
    // The "who" select lists the accounts there are now; rows of a deleted account keep its e-mail (search finds it).
    const ctl = new AbortController();
    staffApi<{ rows: Account[] }>('/api/admin/accounts', { signal: ctl.signal }).then(
      (r) => setAccounts(r.rows),
      () => undefined,
    );
    return () => ctl.abort();
  }, []);

  const value = (name: Filter) => sp.get(name) ?? '';
  // A date range the wrong way round is said here and not sent (the server would refuse it too).
  const rangeWrong = value('from') !== '' && value('to') !== '' && value('from') > value('to');
  const filterQuery = useMemo(() => {
    const qs = new URLSearchParams();
    for (const name of FILTERS) {
      const v = sp.get(name);
      if (v && !(rangeWrong && (name === 'from' || name === 'to'))) qs.set(name, v);
    }
    return qs.toString();
  }, [sp, rangeWrong]);

  const setFilter = (name: Filter, v: string) =>
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      if (v) next.set(name, v);
      else next.delete(name);
      next.delete('page'); // a new filter starts at page 1, as a new search does
      return next;
    });
  const clear = () =>
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      for (const name of FILTERS) next.delete(name);
      next.delete('page');
      return next;
    });

  const load = useCallback(
    (query: string, signal: AbortSignal) =>
      staffApi<AuditPage>(`/api/admin/audit?${query}${filterQuery ? `&${filterQuery}` : ''}`, { signal }),
    [filterQuery],
  );

  const entityName = (type: string) => {
    const key = `audit.entity.${type}` as MessageKey;
    const text = t(key);
    return text === key ? type : text;
  };
  const record = (r: AuditRow) => {
    if (r.application) {
      const label = r.application.number
        ? t('audit.application', { number: f.num(r.application.number) })
        : entityName('application');
      return (
        <Link to={`/admin-page/seen-view/${r.application.id}`} className="text-brand-800 underline">
          {label}
        </Link>
      );
    }
    if (!r.entity) return '';
    return r.entity.label ? `${entityName(r.entity.type)}: ${r.entity.label}` : entityName(r.entity.type);
  };
  const recordText = (r: AuditRow) =>
    r.application
      ? t('audit.application', { number: f.num(r.application.number ?? '') })
      : r.entity
        ? [entityName(r.entity.type), r.entity.label].filter(Boolean).join(': ')
        : '';
  const what = (r: AuditRow) =>
    words.action(r.action) +
    (r.toStage && r.fromStage !== r.toStage
      ? ` (${r.fromStage ? `${words.stage(r.fromStage)} ` : ''}→ ${words.stage(r.toStage)})`
      : '');

  const columns: Column<AuditRow>[] = [
    { id: 'when', header: t('audit.col.when'), sortKey: 'at', cell: (r) => localDateTime(r.at, locale) },
    { id: 'who', header: t('audit.col.who'), cell: (r) => <Who text={words.actor(r.actor)} /> },
    { id: 'what', header: t('audit.col.what'), cell: (r) => <span className="font-semibold">{what(r)}</span> },
    { id: 'record', header: t('audit.col.record'), cell: record, print: recordText },
    {
      id: 'details',
      header: t('audit.col.details'),
      wide: true,
      cell: (r) => (
        <div className="min-w-48">
          {r.note && <p className="whitespace-pre-wrap">{words.note(r.action, r.note)}</p>}
          <AuditChanges changes={r.changes} facts={r.facts} />
        </div>
      ),
      print: (r) =>
        [
          r.note ?? '',
          ...(r.changes ?? []).map((c) => `${c.name}: ${String(c.before ?? '')} → ${String(c.after ?? '')}`),
        ]
          .filter(Boolean)
          .join('; '),
    },
  ];

  const select = 'block min-h-10 w-full rounded border border-gray-300 bg-white px-2';
  return (
    <div className="space-y-4">
      {/* Above the list as on the register's lists (its title is the list's own heading). */}
      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-3 print:hidden">
        <legend className="px-1 text-sm font-semibold text-gray-800">{t('audit.filter.title')}</legend>
        <p className="text-sm text-gray-700">{t('audit.intro')}</p>
        {/* On a phone the three selects take a line each and the two dates share one. */}
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <label className="col-span-2 lg:col-span-1">
            <span className={ui.label}>{t('audit.filter.actor')}</span>
            <select value={value('actor')} onChange={(e) => setFilter('actor', e.target.value)} className={select}>
              <option value="">{t('audit.filter.actorAll')}</option>
              <option value="citizen">{t('decisions.audit.citizen')}</option>
              <option value="system">{t('decisions.audit.system')}</option>
              <optgroup label={t('audit.filter.accounts')}>
                {accounts.map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {a.email}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          <label className="col-span-2 lg:col-span-1">
            <span className={ui.label}>{t('audit.filter.action')}</span>
            <select value={value('action')} onChange={(e) => setFilter('action', e.target.value)} className={select}>
              <option value="">{t('audit.filter.actionAll')}</option>
              {(Object.keys(AUDIT_ACTION_GROUPS) as AuditActionGroup[]).map((group) => (
                <optgroup key={group} label={t(`audit.group.${group}` as MessageKey)}>
                  {AUDIT_ACTION_GROUPS[group].map((a) => (
                    <option key={a} value={a}>
                      {words.action(a)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className="col-span-2 lg:col-span-1">
            <span className={ui.label}>{t('audit.filter.entity')}</span>
            <select value={value('entity')} onChange={(e) => setFilter('entity', e.target.value)} className={select}>
              <option value="">{t('audit.filter.entityAll')}</option>
              {AUDIT_ENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {entityName(type)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className={ui.label}>{t('audit.filter.from')}</span>
            <DateInput value={value('from')} onValue={(v) => setFilter('from', v)} className={ui.input} />
          </label>
          <div>
            <label>
              <span className={ui.label}>{t('audit.filter.to')}</span>
              <DateInput
                value={value('to')}
                onValue={(v) => setFilter('to', v)}
                className={ui.input}
                aria-invalid={rangeWrong ? true : undefined}
                aria-describedby={rangeWrong ? 'audit-range-error' : undefined}
              />
            </label>
            {rangeWrong && (
              <p id="audit-range-error" role="alert" className={ui.fieldError}>
                {t('audit.v.range')}
              </p>
            )}
          </div>
        </div>
        {FILTERS.some((name) => value(name)) && (
          <button type="button" className={ui.secondary} onClick={clear}>
            {t('audit.filter.clear')}
          </button>
        )}
      </fieldset>

      <DataTable
        title={t('audit.title')}
        columns={columns}
        load={load}
        rowKey={(r) => String(r.id)}
        defaultSort={{ sort: 'at', dir: 'desc' }}
        searchHint={t('audit.searchHint')}
        errorText={f.error}
      />
    </div>
  );
}

/**
 * Who did it: an e-mail address may break before its "@" and nowhere inside a word, so a narrow
 * column shows "admin / @office.gov.bd" instead of one letter a line (issue 21).
 */
function Who({ text }: { text: string }) {
  const at = text.indexOf('@');
  return (
    <span className="break-words">
      {at > 0 ? (
        <>
          {text.slice(0, at)}
          <wbr />
          {text.slice(at)}
        </>
      ) : (
        text
      )}
    </span>
  );
}
