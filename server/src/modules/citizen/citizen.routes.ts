import { createRoute, z } from '@hono/zod-openapi';
import {
  amendFieldsSchema,
  citizenFormSchema,
  licenceStatus,
  statusPanelSchema,
  todayInDhaka,
  type StatusPanel,
} from '@portal/shared';
import { requireGrant } from '../../platform/http/citizen-grant.js';
import { CITIZEN, problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { readUpload, UPLOAD_BODY, uploadFileName } from '../../platform/http/upload.js';
import { fileResponse } from '../../platform/files/serve-file.js';
import { getSettings } from '../settings/settings.repository.js';
import { prepareReplacement, replaceDocument, saveAmendedFields, submitAmendment } from './amendment.service.js';
import { readCitizenForm } from './application-form.js';
import { findLicenceOf, findStatusRow } from './citizen.repository.js';
import { prepareConsent, readConsentForm, saveConsent } from './consent.service.js';
import { requirePurpose } from './grant-purpose.js';
import { reviewProgress, stageDue } from './progress.js';
import { jsonContent } from '../../platform/http/openapi-shapes.js';

const formAnswer = { 200: { description: 'The application as the panels show it', ...jsonContent(citizenFormSchema) } };

/**
 * The verified citizen's own application (spec 1 §2 "My application status" and the panels after
 * verification, /my-application and /verification/1..6). Mounted at /api/citizen. The application
 * comes from the grant cookie, never from the request, so a grant can only ever show or change the
 * application it was issued for; the writes also need the grant of their own service
 * (docs/decisions/025-amendment-and-consent.md).
 */
export function citizenRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/application',
      summary: 'The status panel of the verified application (grant of any service)',
      security: [CITIZEN],
      responses: {
        200: { description: 'The status panel of the verified application', ...jsonContent(statusPanelSchema) },
      },
    }),
    async (c) => {
      const grant = await requireGrant(c);
      const { db, now } = c.get('deps');
      const row = await findStatusRow(db, grant.applicationId);
      if (!row) throw new Problem('VERIFICATION_REQUIRED');
      const [settings, licence] = await Promise.all([getSettings(db), findLicenceOf(db, row)]);
      const stage = row.stage;
      const status = licence
        ? licenceStatus(
            {
              suspended: licence.status === 'suspended',
              testing: licence.is_testing,
              validFrom: licence.valid_from,
              validTo: licence.valid_to,
            },
            todayInDhaka(now()),
          )
        : null;
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
        // Spec 1 §2: reasons are shown when not approvable or declined; the note when the licence is cancelled.
        finalRemarks: stage === 'NotApprovable' || stage === 'Decline' ? row.final_remarks : null,
        suspendNote: status === 'suspended' ? (licence?.suspend_note ?? '') : null,
        recheck: { requested: row.recheck_requested, message: row.recheck_requested ? row.recheck_message : null },
        stageDue: stageDue(row, settings, todayInDhaka(now())),
        licence:
          licence && status
            ? {
                licenceNumber: licence.licence_number,
                validTo: licence.valid_to,
                status,
                onlineAvailable: settings.licenseOnline === 'ON' && stage === 'Approved' && status !== 'suspended',
              }
            : null,
        grantPurpose: grant.purpose,
      };
      return c.json(panel, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/application/form',
      summary: 'The verified application with its document checks (grant of any service)',
      security: [CITIZEN],
      responses: formAnswer,
    }),
    async (c) => {
      const grant = await requireGrant(c);
      const { db, now } = c.get('deps');
      return c.json(await readCitizenForm(db, grant.applicationId, now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/application/fields',
      summary: 'Amend the fields while BADC asks for a recheck (grant of /verification/4)',
      security: [CITIZEN],
      request: { body: { ...jsonContent(amendFieldsSchema), required: true } },
      responses: formAnswer,
      ...problems('RECHECK_CLOSED'),
    }),
    async (c) => {
      const grant = await requirePurpose(c, 4);
      const deps = c.get('deps');
      await saveAmendedFields(deps, grant.applicationId, c.req.valid('json').fields);
      return c.json(await readCitizenForm(deps.db, grant.applicationId, deps.now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/application/files/{slot}',
      summary: 'Replace a document BADC marked No, raw bytes (Content-Type, X-File-Name; grant of /verification/4)',
      security: [CITIZEN],
      request: { params: z.object({ slot: z.string().max(40) }), body: UPLOAD_BODY },
      responses: formAnswer,
      // amendment.service.ts: an unknown slot, one BADC did not mark No, or the recheck is over; a
      // photo slot takes an image only, the others a PDF too.
      ...problems('NOT_FOUND', 'AMEND_FILE_NOT_MARKED', 'RECHECK_CLOSED', 'FILE_MUST_BE_IMAGE', 'PDF_UNREADABLE'),
    }),
    async (c) => {
      const grant = await requirePurpose(c, 4);
      const deps = c.get('deps');
      const { slot } = c.req.valid('param');
      await prepareReplacement(deps, grant.applicationId, slot);
      const bytes = await readUpload(c);
      await replaceDocument(deps, { applicationId: grant.applicationId, slot, bytes, originalName: uploadFileName(c) });
      return c.json(await readCitizenForm(deps.db, grant.applicationId, deps.now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/application/amendment/submit',
      summary: 'Done amending: back to BADC (grant of /verification/4)',
      security: [CITIZEN],
      responses: formAnswer,
      ...problems('RECHECK_CLOSED'),
    }),
    async (c) => {
      const grant = await requirePurpose(c, 4);
      const deps = c.get('deps');
      await submitAmendment(deps, grant.applicationId);
      return c.json(await readCitizenForm(deps.db, grant.applicationId, deps.now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/application/consent-form',
      summary: "The office's consent form to sign (grant of /verification/5)",
      security: [CITIZEN],
      responses: { 200: { description: 'The file' } },
      ...problems('CONSENT_FORM_MISSING'),
    }),
    async (c) => {
      const grant = await requirePurpose(c, 5);
      return fileResponse(c, await readConsentForm(c.get('deps'), grant.applicationId));
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/application/consent',
      summary: 'The signed consent letter, raw bytes (Content-Type, X-File-Name; grant of /verification/5)',
      security: [CITIZEN],
      request: { body: UPLOAD_BODY },
      responses: formAnswer,
      // consent.service.ts: no form from the office yet, or the application is decided.
      ...problems('CONSENT_FORM_MISSING', 'CONSENT_CLOSED', 'PDF_UNREADABLE'),
    }),
    async (c) => {
      const grant = await requirePurpose(c, 5);
      const deps = c.get('deps');
      await prepareConsent(deps, grant.applicationId);
      const bytes = await readUpload(c);
      await saveConsent(deps, { applicationId: grant.applicationId, bytes, originalName: uploadFileName(c) });
      return c.json(await readCitizenForm(deps.db, grant.applicationId, deps.now()), 200);
    },
  );

  return app;
}
