import { createRoute } from '@hono/zod-openapi';
import { statusPanelSchema, type StatusPanel } from '@portal/shared';
import { requireGrant } from '../../http/citizen-grant.js';
import { Problem } from '../../http/problem.js';
import { createRouter } from '../../http/router.js';
import { getSettings } from '../settings/settings.repository.js';
import { findStatusRow } from './citizen.repository.js';
import { reviewProgress } from './progress.js';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

/**
 * The verified citizen's own application (spec 1 §2 "My application status", /my-application and
 * /verification/1..6). Mounted at /api/citizen. The application comes from the grant cookie, never
 * from the request, so a grant can only ever show the application it was issued for.
 */
export function citizenRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/application',
      responses: { 200: { description: 'The status panel of the verified application', ...json(statusPanelSchema) } },
    }),
    async (c) => {
      const grant = await requireGrant(c);
      const { db } = c.get('deps');
      const row = await findStatusRow(db, grant.applicationId);
      if (!row) throw new Problem('VERIFICATION_REQUIRED');
      const settings = await getSettings(db);
      const stage = row.stage;
      const panel: StatusPanel = {
        applicationId: row.id,
        applicationNumber: row.application_number,
        applicantName: row.applicant_name,
        mobile: row.mobile,
        kind: row.kind,
        submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        intakeStatus: row.intake_status,
        stage,
        progress: reviewProgress(stage, { chairman: row.seen_chairman, uno: row.seen_uno }),
        // Spec 1 §2: reasons are shown when not approvable or declined; the note when cancelled.
        finalRemarks: stage === 'NotApprovable' || stage === 'Decline' ? row.final_remarks : null,
        suspendNote: stage === 'Suspend' ? (row.suspend_note ?? '') : null,
        recheck: { requested: row.recheck_requested, message: row.recheck_requested ? row.recheck_message : null },
        licence:
          row.licence_number != null && row.valid_to != null
            ? {
                licenceNumber: row.licence_number,
                validTo: row.valid_to,
                onlineAvailable: settings.licenseOnline === 'ON' && stage === 'Approved',
              }
            : null,
      };
      return c.json(panel, 200);
    },
  );

  return app;
}
