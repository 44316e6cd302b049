import type { ActionRequest } from '@portal/shared/schemas/review';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Locale } from '@portal/shared/i18n/index';

import { localDate, localDigits } from './format';
import { translateIn } from '../../i18n/locale';

/** What a queued decision says, in a few readable lines, for the conflict view (docs/decisions/018-service-targets.md). */
export function describeRequest(request: ActionRequest, locale: Locale): string[] {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translateIn(locale, key, params);
  const yesNo = (v: boolean | undefined) => t(v ? 'common.yes' : 'common.no');
  // One numbered line per yes/no item, with the text typed on "no".
  const checkLines = (items: { ok?: boolean; text?: string }[]) =>
    items.map((c, i) => `${localDigits(i + 1, locale)}. ${yesNo(c.ok)}${c.ok || !c.text ? '' : `: ${c.text}`}`);
  switch (request.action) {
    case 'inspect': {
      const p = request.payload;
      const lines = checkLines(p.checklist.map((c) => ({ ok: c.ok, text: c.reason })));
      if (p.finalRemarks) lines.push(`${t('decisions.checklist.finalRemarks')}: ${p.finalRemarks}`);
      if (p.latitude !== undefined && p.longitude !== undefined)
        lines.push(`${t('decisions.field.geo')}: ${localDigits(`${p.latitude}, ${p.longitude}`, locale)}`);
      return lines;
    }
    case 'requestRecheck':
      return [
        `${t('decisions.recheck.status')}: ${t(request.payload.on ? 'decisions.recheck.on' : 'decisions.recheck.off')}`,
        ...(request.payload.message ? [request.payload.message] : []),
      ];
    case 'decideFirst':
      return [
        t(request.payload.approvable ? 'decisions.first.yes' : 'decisions.first.no'),
        ...(request.payload.reason ? [request.payload.reason] : []),
      ];
    case 'updateFinal': {
      const p = request.payload;
      const lines = [
        `${t('decisions.final.approvable')}: ${p.approvable === false ? t('review.stage.NotApprovable') : t('review.stage.Approvable')}`,
      ];
      if (p.remarks) lines.push(`${t('decisions.final.remarks')}: ${p.remarks}`);
      if (p.latitude !== undefined && p.longitude !== undefined)
        lines.push(`${t('decisions.field.geo')}: ${localDigits(`${p.latitude}, ${p.longitude}`, locale)}`);
      return lines;
    }
    case 'approve': {
      const p = request.payload;
      return [
        `${t('decisions.approve.term')}: ${t(`decisions.approve.term${p.termYears}` as MessageKey)}`,
        `${t('decisions.approve.issuedOn')}: ${localDate(p.issuedOn, locale)}`,
        `${t('decisions.licence.validity')}: ${t('decisions.licence.validityRange', { from: localDate(p.validFrom, locale), to: localDate(p.validTo, locale) })}`,
      ];
    }
    case 'decline':
      return [`${t('decisions.decline.reason')}: ${request.payload.reason}`];
    case 'decideRenewal': {
      const p = request.payload;
      const lines = checkLines(p.checks.map((c) => ({ ok: c.ok, text: c.reason })));
      if (p.approve)
        lines.push(
          t('review.renewal.approve'),
          `${t('decisions.approve.issuedOn')}: ${localDate(p.issuedOn, locale)}`,
          `${t('decisions.licence.validity')}: ${t('decisions.licence.validityRange', { from: localDate(p.validFrom, locale), to: localDate(p.validTo, locale) })}`,
        );
      else lines.push(`${t('review.renewal.decline')}: ${p.reason}`);
      return lines;
    }
    case 'decideChange': {
      const p = request.payload;
      const lines = checkLines(p.marks.map((m) => ({ ok: m.ok, text: m.note })));
      lines.push(p.approve ? t('review.change.yes') : t('review.change.no'));
      if (!p.approve && p.reason) lines.push(`${t('review.change.reason')}: ${p.reason}`);
      return lines;
    }
    default:
      return [];
  }
}
