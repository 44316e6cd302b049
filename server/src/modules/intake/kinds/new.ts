import { displayName, type NewApplicationFields, type SiteSettings } from '@portal/shared';
import { smsText } from '../../sms/messages.js';
import type { IntakeRow } from '../stores/types.js';
import { applicationKind, placementFromSettings, searchColumns } from './application-kind.js';

/** Spec 1 §7: the application forms text "received" only when sms_new_application_submit is ON. */
export function newApplicationReceived(settings: SiteSettings, row: IntakeRow): string | null {
  if (settings.sms_new_application_submit !== 'ON') return null;
  return smsText.applicationReceived({ applicationNumber: row.referenceNumber, webUrl: settings.webUrl });
}

/** The search columns of the new form, which the existing form shares. */
export const newFormColumns = (f: NewApplicationFields) => searchColumns(f, displayName(f));

/** A new licence (spec 1 §2-§5). */
export const newKind = applicationKind({
  kind: 'New',
  columns: newFormColumns,
  placement: placementFromSettings,
  receivedText: newApplicationReceived,
});
