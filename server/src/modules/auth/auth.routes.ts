import crypto from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  meSchema,
  registerSchema,
  resetPasswordSchema,
  setNameSchema,
  translate,
  type Me,
} from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { clearSessionCookie, writeSessionCookie } from '../../platform/http/cookies.js';
import { staffOf } from '../../platform/http/guards.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { createSession, endSession, endSessionsOfUser, hashToken } from '../../platform/http/session.js';
import { getSettings } from '../settings/settings.repository.js';
import { sendMail } from '../../platform/mail/mailer.js';
import { knownDevice, rememberDevice } from './known-devices.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { passwordRefusal } from './password-policy.js';
import { throttle, throttleSignIn, tryThrottle } from './throttle.js';
import { registerAccount } from '../accounts/accounts.repository.js';
import {
  findUserByEmail,
  findUserById,
  requirePasswordChange,
  setOwnName,
  setPassword,
  type StaffUser,
} from './users.repository.js';
import { requestOfficeUrl } from '../offices/office-url.js';
import { jsonContent } from '../../platform/http/openapi-shapes.js';

/** A reset link works for one hour, once. */
const RESET_TTL_MS = 60 * 60 * 1000;

function toMe(user: StaffUser): Me {
  return {
    id: user.id,
    name: user.display_name,
    email: user.email,
    role: user.role,
    mustChangePassword: user.must_change_password,
    area: user.area_role
      ? { role: user.area_role, divisionId: user.area_division_id, districtId: user.area_district_id }
      : null,
  };
}

/** A new password outside the rule: 400 WEAK_PASSWORD, the field saying why in Bangla (decision 014). */
function refuseWeak(password: string, email: string, field: string): void {
  const reason = passwordRefusal(password, email);
  if (reason) throw new Problem('WEAK_PASSWORD', { fields: { [field]: translate('bn', reason) } });
}

/** Both languages in one mail, Bangla first (the office reads Bangla; the mailbox may be read by IT staff). */
async function mailBoth(
  db: Database,
  keys: {
    subject: 'auth.reset.mailSubject' | 'auth.register.mailSubject';
    body: 'auth.reset.mailBody' | 'auth.register.mailBody';
  },
  params: Record<string, string>,
) {
  const site = (await getSettings(db)).websiteTitle;
  const subject = `${translate('bn', keys.subject, { site })} / ${translate('en', keys.subject, { site })}`;
  const text = `${translate('bn', keys.body, params)}\n\n---\n\n${translate('en', keys.body, params)}`;
  return { subject, text };
}

async function createResetToken(db: Database, userId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: new Date(now.getTime() + RESET_TTL_MS) })
    .execute();
  return token;
}

/**
 * Staff accounts (spec 2 §2 Account Manager, §6): sign-in, sign-out, self-registration (no role
 * until an Admin gives one), password reset by e-mail and password change.
 */
export function authRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/login',
      summary: 'Sign in with e-mail and password; sets a new staff session cookie',
      request: { body: { ...jsonContent(loginSchema), required: true } },
      responses: { 200: { description: 'Signed in; a new session cookie is set', ...jsonContent(meSchema) } },
      ...problems('LOGIN_FAILED', 'RATE_LIMITED'),
    }),
    async (c) => {
      const { db, now: clock } = c.get('deps');
      const now = clock();
      const { email, password } = c.req.valid('json');
      const user = await findUserByEmail(db, email);
      // A browser this account signed in from before is limited on its own (decision 014).
      const deviceHash = user ? await knownDevice(c, user.id, now) : null;
      await throttleSignIn(db, { email, address: c.get('clientIp'), deviceHash }, now);
      // Unknown e-mail and wrong password cost the same scrypt work and give the same answer.
      const ok = user ? await verifyPassword(password, user.password_hash) : await burnPasswordCheck(password);
      if (!user || !ok) throw new Problem('LOGIN_FAILED');
      // A password from before the current rule still signs in (nobody is locked out), but must be
      // changed before anything else (decision 014).
      if (!user.must_change_password && passwordRefusal(password, user.email)) {
        await requirePasswordChange(db, user.id, now);
        user.must_change_password = true;
      }
      // A new session id at every sign-in (no fixation); the old one, if any, ends.
      const previous = c.get('staff');
      if (previous) await endSession(db, previous.sessionIdHash);
      const { token } = await createSession(db, user.id, now);
      writeSessionCookie(c, token);
      await rememberDevice(c, user.id, now);
      return c.json(toMe(user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      summary: 'Sign out: ends the session, if any, and clears its cookie',
      responses: { 204: { description: 'Signed out' } },
    }),
    async (c) => {
      const staff = c.get('staff');
      if (staff) await endSession(c.get('deps').db, staff.sessionIdHash);
      clearSessionCookie(c);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      summary: 'The signed-in account (also one still waiting for a role)',
      security: [staffWith()],
      responses: { 200: { description: 'The signed-in account', ...jsonContent(meSchema) } },
    }),
    async (c) => {
      const staff = staffOf(c);
      const user = await findUserById(c.get('deps').db, staff.id);
      if (!user) throw new Problem('UNAUTHENTICATED');
      return c.json(toMe(user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/me/name',
      summary: "Set the signed-in account's own name",
      security: [staffWith()],
      request: { body: { ...jsonContent(setNameSchema), required: true } },
      responses: { 200: { description: 'The signed-in account with its new name', ...jsonContent(meSchema) } },
    }),
    async (c) => {
      // Any signed-in account, also one still waiting for a role: a name is the person's own.
      const staff = staffOf(c);
      const { db, now } = c.get('deps');
      const user = await setOwnName(db, staff.id, c.req.valid('json').name, now());
      if (!user) throw new Problem('UNAUTHENTICATED');
      return c.json(toMe(user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/register',
      summary: 'Register a staff account; it gets no role until an Admin gives one',
      request: { body: { ...jsonContent(registerSchema), required: true } },
      ...problems('WEAK_PASSWORD', 'RATE_LIMITED'),
      responses: {
        202: {
          description:
            'Received, the same answer whether or not the e-mail already has an account (no account enumeration): ' +
            'a new e-mail gets an account without a role; an existing one gets a notice by e-mail and nothing changes',
        },
      },
    }),
    async (c) => {
      const { db, config, now: clock } = c.get('deps');
      const now = clock();
      const { name, email, password } = c.req.valid('json');
      await throttle(db, 'registerPerAddress', c.get('clientIp'), now);
      refuseWeak(password, email, 'password');
      // Hashed on both paths, so the answer takes the same time whether or not the e-mail is taken.
      const passwordHash = await hashPassword(password);
      // No role: the account can sign in but opens no staff screen until an Admin assigns one (spec 2 §6).
      // Nobody is signed in here: a session cookie on one path only would tell the two apart.
      const created = await registerAccount(db, { name, email, passwordHash, now });
      if (!created && (await tryThrottle(db, 'registerNoticePerEmail', email, now)).allowed) {
        // The e-mail's owner learns of the attempt; the account is not touched.
        const login = `${requestOfficeUrl(c)}/login`;
        const mail = await mailBoth(
          db,
          { subject: 'auth.register.mailSubject', body: 'auth.register.mailBody' },
          { email, login },
        );
        sendMail(config, { to: email, ...mail });
      }
      return c.body(null, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/forgot',
      summary: 'Ask for a password-reset link by e-mail',
      request: { body: { ...jsonContent(forgotPasswordSchema), required: true } },
      ...problems('RATE_LIMITED'),
      responses: { 202: { description: 'Accepted whatever the e-mail (no account enumeration)' } },
    }),
    async (c) => {
      const { db, config, now: clock } = c.get('deps');
      const now = clock();
      const { email } = c.req.valid('json');
      await throttle(db, 'forgotPerAddress', c.get('clientIp'), now);
      const user = await findUserByEmail(db, email);
      if (user && (await tryThrottle(db, 'forgotPerEmail', email, now)).allowed) {
        const token = await createResetToken(db, user.id, now);
        const link = `${requestOfficeUrl(c)}/reset-password?token=${token}`;
        const mail = await mailBoth(
          db,
          { subject: 'auth.reset.mailSubject', body: 'auth.reset.mailBody' },
          { email: user.email, link },
        );
        sendMail(config, { to: user.email, ...mail });
      }
      return c.body(null, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/reset',
      summary: 'Set a new password with the link from the e-mail',
      request: { body: { ...jsonContent(resetPasswordSchema), required: true } },
      ...problems('RESET_TOKEN_INVALID', 'WEAK_PASSWORD', 'RATE_LIMITED'),
      responses: { 204: { description: 'Password set; every session of the account ended' } },
    }),
    async (c) => {
      const { db, now: clock } = c.get('deps');
      const now = clock();
      const { token, password } = c.req.valid('json');
      await throttle(db, 'resetPerAddress', c.get('clientIp'), now);
      const tokenHash = hashToken(token);
      const reset = await db
        .selectFrom('password_resets as r')
        .innerJoin('staff_users as u', 'u.id', 'r.user_id')
        .select(['r.user_id', 'u.email'])
        .where('r.token_hash', '=', tokenHash)
        .where('r.used_at', 'is', null)
        .where('r.expires_at', '>', now)
        .executeTakeFirst();
      if (!reset) throw new Problem('RESET_TOKEN_INVALID');
      refuseWeak(password, reset.email, 'password');
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        // Single use even under a double submit: only the request that marks it used goes on.
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) throw new Problem('RESET_TOKEN_INVALID');
        await setPassword(trx, used.user_id, passwordHash, {
          mustChangePassword: false,
          now,
          how: 'account.passwordReset',
          // The holder of the e-mailed link, that is the account's owner.
          by: { userId: used.user_id, email: reset.email },
        });
        // Other links sent earlier stop working, and every signed-in device is signed out.
        await trx
          .deleteFrom('password_resets')
          .where('user_id', '=', used.user_id)
          .where('used_at', 'is', null)
          .execute();
        await endSessionsOfUser(trx, used.user_id);
      });
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/change-password',
      summary: "Change the signed-in account's password; its other sessions end",
      security: [staffWith()],
      request: { body: { ...jsonContent(changePasswordSchema), required: true } },
      ...problems('WEAK_PASSWORD', 'RATE_LIMITED'),
      responses: { 204: { description: 'Password changed; other sessions ended' } },
    }),
    async (c) => {
      // Any signed-in account, also one still waiting for a role or one that must change its password
      // (http/must-change-password.ts lets this route through).
      const staff = staffOf(c);
      const { db, now: clock } = c.get('deps');
      const now = clock();
      const { currentPassword, newPassword } = c.req.valid('json');
      await throttle(db, 'changePerUser', String(staff.id), now);
      const user = await findUserById(db, staff.id);
      if (!user) throw new Problem('UNAUTHENTICATED');
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        throw new Problem('VALIDATION', { fields: { currentPassword: translate('bn', 'auth.currentPasswordWrong') } });
      }
      refuseWeak(newPassword, user.email, 'newPassword');
      // A one-time password must really be replaced (decision 014).
      if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC')) {
        throw new Problem('WEAK_PASSWORD', { fields: { newPassword: translate('bn', 'auth.password.same') } });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, passwordHash, {
          mustChangePassword: false,
          now,
          how: 'account.passwordChange',
          by: { userId: user.id, email: user.email },
        });
        await endSessionsOfUser(trx, user.id, staff.sessionIdHash);
      });
      return c.body(null, 204);
    },
  );

  return app;
}
