import { KIND_SLOTS, licenceStatus, todayInDhaka, type CitizenForm, type Kind } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { Problem } from '../../platform/http/problem.js';
import { editableFields } from './amendable-fields.js';
import { findLicenceOf, findStatusRow, heldFiles } from './citizen.repository.js';

/** Stages after which nothing about the application changes any more (spec 1 §4 "no further chance"). */
export const DECIDED_STAGES: readonly string[] = ['Approved', 'Decline'];

type Row = { stage: string; intake_status: string; recheck_requested: boolean };

/** Amending is open while BADC asks for a recheck and the application is not yet decided (spec 1 §4 "Recheck"). */
export const amendmentOpen = (app: Row) =>
  app.intake_status === 'complete' && app.recheck_requested && !DECIDED_STAGES.includes(app.stage);

/** The consent letter may be given while the office's form exists and the application is undecided (spec 1 §4). */
export const consentOpen = (app: Row, officeForm: boolean) =>
  app.intake_status === 'complete' && officeForm && !DECIDED_STAGES.includes(app.stage);

/** The kind's document slots, in the legacy order that the checklist answers follow (spec 3 §5). */
export const slotsOf = (kind: string): readonly string[] => KIND_SLOTS[kind as Kind] ?? [];

/**
 * The checklist answer for a slot: items are in slot order (spec 3 §5), so a slot's answer is the
 * item at its index; an item the officer has not answered is null.
 */
export function checklistAnswer(checklist: { ok: boolean; reason?: string }[] | null, kind: string, slot: string) {
  const item = checklist?.[slotsOf(kind).indexOf(slot)];
  return { ok: item ? item.ok : null, note: item?.reason?.trim() ? item.reason : null };
}

/** GET /api/citizen/application/form: the verified applicant's own application, nobody else's. */
export async function readCitizenForm(db: Database, applicationId: string, now: Date): Promise<CitizenForm> {
  const app = await findStatusRow(db, applicationId);
  if (!app) throw new Problem('VERIFICATION_REQUIRED');
  const [licence, held] = await Promise.all([findLicenceOf(db, app), heldFiles(db, app.id)]);
  const officeForm = held.has('managerConsent');
  return {
    id: app.id,
    kind: app.kind,
    applicationNumber: app.application_number,
    stage: app.stage,
    fields: app.fields,
    licence: licence
      ? {
          number: licence.licence_number,
          status: licenceStatus(
            {
              suspended: licence.status === 'suspended',
              testing: licence.is_testing,
              validFrom: licence.valid_from,
              validTo: licence.valid_to,
            },
            todayInDhaka(now),
          ),
        }
      : null,
    recheck: {
      requested: amendmentOpen(app),
      message: amendmentOpen(app) ? app.recheck_message : null,
    },
    files: slotsOf(app.kind).map((slot) => ({
      slot,
      ...checklistAnswer(app.checklist, app.kind, slot),
      present: held.has(slot),
    })),
    editableFields: editableFields(app.kind),
    consent: { officeForm, uploaded: held.has('citizenConsent'), open: consentOpen(app, officeForm) },
  };
}
