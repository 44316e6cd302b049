import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { bn } from '../../shared/src/i18n/index.js';
import { createAdmin, type Portal } from './portal.js';

/**
 * Staff set-up for a scenario, the way an office does it: the first Admin from the create-admin
 * script (the portal is stopped for it; a portal started from the prepared office has it already),
 * then accounts that register and get a role from the Admin.
 */
export const STAFF_PASSWORD = 'Sech-portal-e2e-2026';

export async function setUpStaff(
  portal: Portal,
  /** role → account e-mail, or several e-mails when the office has more than one officer of a role */
  roles: Record<string, string | string[]>,
): Promise<{ adminEmail: string; adminPassword: string; admin: APIRequestContext }> {
  const adminEmail = 'admin@e2e.example.org';
  let oneTimePassword: string;
  if (portal.office?.adminEmail === adminEmail) oneTimePassword = portal.office.oneTimePassword;
  else {
    await portal.stop();
    oneTimePassword = createAdmin(portal.dataDir, adminEmail);
    await portal.restart();
  }
  const admin = await playwrightRequest.newContext({ baseURL: portal.url });
  const login = await admin.post('/api/auth/login', { data: { email: adminEmail, password: oneTimePassword } });
  if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()} ${await login.text()}`);
  // The one-time password opens nothing but its own change (decision 014), as at a real first sign-in.
  const adminPassword = `${STAFF_PASSWORD}-office-head`;
  const changed = await admin.post('/api/auth/change-password', {
    data: { currentPassword: oneTimePassword, newPassword: adminPassword },
  });
  if (!changed.ok()) throw new Error(`admin password change failed: ${changed.status()} ${await changed.text()}`);
  const assignments = Object.entries(roles).flatMap(([role, emails]) =>
    (Array.isArray(emails) ? emails : [emails]).map((email) => ({ role, email })),
  );
  for (const { role, email } of assignments) {
    const reg = await playwrightRequest.newContext({ baseURL: portal.url });
    const r = await reg.post('/api/auth/register', {
      data: { name: `${role} officer`, email, password: STAFF_PASSWORD },
    });
    if (!r.ok()) throw new Error(`register ${email}: ${r.status()} ${await r.text()}`);
    await reg.dispose();
  }
  const accounts = (await (await admin.get('/api/admin/accounts')).json()) as { rows: { id: number; email: string }[] };
  for (const { role, email } of assignments) {
    const account = accounts.rows.find((a) => a.email === email);
    if (!account) throw new Error(`account ${email} not listed`);
    const r = await admin.put(`/api/admin/accounts/${account.id}/role`, { data: { role } });
    if (!r.ok()) throw new Error(`assign ${role}: ${r.status()}`);
  }
  return { adminEmail, adminPassword, admin };
}

/** An officer signs in on the phone's sign-in page and lands in the panel. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: bn['staff.login.submit'] }).click();
  await page.waitForURL(/\/admin-page/);
}

/** A signed-in API session of one officer, for setting up and checking what the server holds. */
export async function staffApi(base: string, email: string, password = STAFF_PASSWORD): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  const r = await api.post('/api/auth/login', { data: { email, password } });
  if (!r.ok()) throw new Error(`sign-in of ${email}: ${r.status()} ${await r.text()}`);
  return api;
}

/** Opens the application from the role's list, as an officer would. */
export async function openFromList(page: Page, base: string, list: string, id: string): Promise<void> {
  await page.goto(`${base}/admin-page/${list}`);
  const link = page.locator(`a[href$="/${id}"]:visible`).first();
  await link.waitFor({ timeout: 20_000 });
  await link.click();
}
