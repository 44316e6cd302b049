import { createRoute } from '@hono/zod-openapi';
import { confirmCodeResponseSchema, confirmCodeSchema, sendCodeResponseSchema, sendCodeSchema } from '@portal/shared';
import { endGrant } from '../../platform/http/citizen-grant.js';
import { createRouter } from '../../platform/http/router.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { nudgeSmsWorker } from '../sms/worker.js';
import { confirmCode, sendCode } from './verification.service.js';
import { requestOfficeUrl } from '../offices/office-url.js';
import { jsonContent } from '../../platform/http/openapi-shapes.js';

/**
 * Mobile verification (spec 1 §2 /verification/1..6, §4): send a one-time code, confirm it, end
 * the grant. Mounted at /api/verification. Open to anyone; the limits are in the service.
 */
export function verificationRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/send',
      summary: "Text a one-time code to an application's mobile, for one service (rate-limited)",
      request: { body: { ...jsonContent(sendCodeSchema), required: true } },
      ...problems('RATE_LIMITED'),
      responses: {
        202: {
          description: 'A code is on its way if the details match (the answer never says whether they did)',
          ...jsonContent(sendCodeResponseSchema),
        },
      },
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const body = c.req.valid('json');
      const result = await sendCode(db, {
        ...body,
        address: c.get('clientIp'),
        now: now(),
        fallbackSite: requestOfficeUrl(c),
      });
      // The citizen is waiting on the screen: send now rather than at the next poll.
      if (result.queued) nudgeSmsWorker();
      return c.json(
        { challengeId: result.challengeId, expiresInSeconds: result.expiresInSeconds, message: result.message },
        202,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/confirm',
      summary: 'Confirm the code; sets the grant cookie for that application and service',
      request: { body: { ...jsonContent(confirmCodeSchema), required: true } },
      // verification.service.ts confirmCode.
      ...problems('OTP_WRONG', 'OTP_EXPIRED', 'OTP_LOCKED'),
      responses: {
        200: { description: 'Verified; the grant cookie is set', ...jsonContent(confirmCodeResponseSchema) },
      },
    }),
    async (c) => c.json(await confirmCode(c, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/grant',
      summary: "End the caller's grant (Cancel), on the server and in the browser",
      responses: { 204: { description: 'The grant has ended (Cancel)' } },
    }),
    async (c) => {
      await endGrant(c);
      return c.body(null, 204);
    },
  );

  return app;
}
