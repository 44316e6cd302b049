import { useCallback, useMemo, useRef, useState } from 'react';
import { type MessageKey } from '@portal/shared/i18n/index';
import { normaliseMobile } from '@portal/shared/i18n/digits';
import { SMS_BODY_MAX, SMS_STATUSES, splitNumbers, type SmsPage, type SmsRow } from '@portal/shared/schemas/services';
import { useLocale, useT } from '../../../i18n/locale';
import { ApiError } from '../../../api/client';
import { DataTable, type Column } from '../../../components/DataTable';
import { useToast } from '../../../components/Toast';
import { newClientActionId, staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { ui } from '../../../features/staff/ui';
import { localDateTime } from '../../../features/review/format';
import { isMessageKey } from '../../../i18n/messages';
import { readSmsNote } from '@portal/shared/sms-notes';

/**
 * /admin-page/message (spec 2 §2 "Message"): a list of numbers and a message, one text per number
 * through the durable SMS outbox. Every number is checked first; the wrong ones are named in
 * Bangla and nothing is sent until they are corrected or removed. Below, what was sent, is
 * waiting or failed, with the gateway's reply.
 */
type StatusFilter = SmsRow['status'] | '';

export default function Messages() {
  const t = useT();
  const { locale } = useLocale();
  const f = useFormat();
  const toast = useToast();
  const [numbers, setNumbers] = useState('');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ numbers?: string; message?: string }>({});
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [filter, setFilter] = useState<StatusFilter>('');
  // One batch id per message being composed: a second press (or a retry after a lost answer) queues nothing twice.
  const batchId = useRef(newClientActionId());

  const pieces = useMemo(() => splitNumbers(numbers), [numbers]);

  const send = async () => {
    const wrong = pieces.filter((p) => !normaliseMobile(p));
    const next: typeof errors = {};
    if (pieces.length === 0) next.numbers = t('v.required');
    else if (wrong.length) next.numbers = t('services.sms.invalidNumbers', { numbers: wrong.join(', ') });
    if (!message.trim()) next.message = t('v.required');
    setInvalid(wrong);
    setErrors(next);
    if (next.numbers || next.message) return;
    setBusy(true);
    try {
      const { queued } = await staffApi<{ queued: number }>('/api/admin/messages', {
        method: 'POST',
        json: { batchId: batchId.current, numbers, message },
      });
      toast.success(t('services.sms.queued', { count: f.num(queued) }));
      setNumbers('');
      setMessage('');
      batchId.current = newClientActionId();
      setReloadKey((k) => k + 1);
    } catch (e) {
      if (e instanceof ApiError && e.body?.fields) setErrors(e.body.fields);
      toast.failure(t('services.sms.failed', { message: f.error(e) }));
    } finally {
      setBusy(false);
    }
  };

  const removeInvalid = () => {
    const keep = pieces.filter((p) => normaliseMobile(p));
    setNumbers(keep.join(', '));
    setInvalid([]);
    setErrors((e) => ({ ...e, numbers: undefined }));
  };

  const load = useCallback(
    (query: string, signal: AbortSignal) =>
      staffApi<SmsPage>(`/api/admin/messages?${query}${filter ? `&status=${filter}` : ''}`, { signal }),
    [filter],
  );
  // A message's moment matters here (was it sent before the gateway failed?): date and time in Dhaka.
  const when = (iso: string) => localDateTime(iso, locale);
  const statusText = (s: SmsRow['status']) => t(`services.sms.status.${s}` as MessageKey);
  const columns: Column<SmsRow>[] = [
    { id: 'to', header: t('services.sms.to'), cell: (r) => f.num(r.to) },
    {
      id: 'status',
      header: t('services.col.status'),
      cell: (r) => (
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
            r.status === 'sent'
              ? 'bg-brand-100 text-brand-900'
              : r.status === 'failed'
                ? 'bg-red-100 text-red-800'
                : 'bg-amber-100 text-amber-900'
          }`}
        >
          {statusText(r.status)}
        </span>
      ),
      print: (r) => statusText(r.status),
    },
    { id: 'time', header: t('services.sms.time'), sortKey: 'createdAt', cell: (r) => when(r.sentAt ?? r.createdAt) },
    {
      id: 'kind',
      header: t('services.sms.kind'),
      cell: (r) =>
        isMessageKey(`services.sms.kind.${r.kind}`) ? t(`services.sms.kind.${r.kind}` as MessageKey) : r.kind,
    },
    { id: 'attempts', header: t('services.sms.attempts'), cell: (r) => f.num(r.attempts) },
    {
      id: 'body',
      header: t('services.sms.body'),
      wide: true,
      cell: (r) => <span className="whitespace-pre-line">{r.body}</span>,
      print: (r) => r.body,
    },
    {
      id: 'reply',
      header: t('services.sms.reply'),
      wide: true,
      cell: (r) =>
        [r.gatewayReply, r.lastError]
          .filter((x): x is string => Boolean(x))
          .map((x) => {
            const note = readSmsNote(x);
            return note ? t(note.key, note.params) : x;
          })
          .join(' — '),
    },
  ];

  return (
    <div className="space-y-8">
      <section className={`${ui.card} max-w-2xl space-y-3`} aria-labelledby="sms-title">
        <h1 id="sms-title" className={ui.h1}>
          {t('services.sms.title')}
        </h1>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void send();
          }}
        >
          <label className="block">
            <span className={ui.label}>{t('services.sms.numbers')}</span>
            <textarea
              value={numbers}
              onChange={(e) => setNumbers(e.target.value)}
              rows={4}
              className={ui.input}
              aria-invalid={errors.numbers ? true : undefined}
              aria-describedby="sms-numbers-help"
            />
            <span id="sms-numbers-help" className="mt-1 block text-sm text-gray-600">
              {t('services.sms.numbersHint')} · {t('services.sms.count', { count: f.num(pieces.length) })}
            </span>
          </label>
          {errors.numbers && (
            <div role="alert" className={ui.alertError}>
              <p>{errors.numbers}</p>
              {invalid.length > 0 && (
                <button type="button" className={`${ui.secondary} mt-2`} onClick={removeInvalid}>
                  {t('services.sms.removeInvalid')}
                </button>
              )}
            </div>
          )}
          <label className="block">
            <span className={ui.label}>{t('services.sms.message')}</span>
            <textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              rows={4}
              maxLength={SMS_BODY_MAX}
              className={ui.input}
              aria-invalid={errors.message ? true : undefined}
            />
            <span className="mt-1 block text-sm text-gray-600">
              {t('services.sms.chars', { count: f.num(message.length) })}
            </span>
          </label>
          {errors.message && (
            <p role="alert" className={ui.fieldError}>
              {errors.message}
            </p>
          )}
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? t('services.sms.sending') : t('services.sms.send')}
          </button>
        </form>
      </section>

      <section>
        <DataTable
          title={t('services.sms.log')}
          columns={columns}
          load={load}
          rowKey={(r) => String(r.id)}
          defaultSort={{ sort: 'createdAt', dir: 'desc' }}
          reloadKey={reloadKey}
          searchHint={t('services.sms.searchHint')}
          errorText={f.error}
          actions={
            <label className="inline-flex items-center gap-2">
              <span className="text-sm font-semibold">{t('services.sms.filter')}</span>
              <select
                value={filter}
                onChange={(e) => setFilter(e.target.value as StatusFilter)}
                className="min-h-10 rounded border border-gray-300 bg-white px-2"
              >
                <option value="">{t('services.sms.all')}</option>
                {SMS_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusText(s)}
                  </option>
                ))}
              </select>
            </label>
          }
        />
      </section>
    </div>
  );
}
