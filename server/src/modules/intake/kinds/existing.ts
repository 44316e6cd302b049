import { applicationKind, placementFromSettings } from './application-kind.js';
import { newApplicationReceived, newFormColumns } from './new.js';

/**
 * A licence for a well that already runs (spec 1 §5): the new form plus the electricity bill.
 * The legacy existing form texted "received" whatever the setting said; that was a defect, and
 * here sms_new_application_submit switches it as for the new form (decision 023).
 */
export const existingKind = applicationKind({
  kind: 'Existing',
  columns: newFormColumns,
  placement: placementFromSettings,
  receivedText: newApplicationReceived,
});
