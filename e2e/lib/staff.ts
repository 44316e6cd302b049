import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { createAdmin, type Portal } from './portal.js';

/**
 * Staff set-up for a scenario, the way an office does it: the first Admin from the create-admin
 * script (the portal is stopped for it), then accounts that register and get a role from the Admin.
 */
export const STAFF_PASSWORD = 'Sech-portal-e2e-2026';

export async function setUpStaff(
  portal: Portal,
  roles: Record<string, string>,
): Promise<{ adminEmail: string; adminPassword: string; admin: APIRequestContext }> {
  const adminEmail = 'admin@e2e.example.org';
  await portal.stop();
  const adminPassword = createAdmin(portal.dataDir, adminEmail);
  await portal.restart();
  const admin = await playwrightRequest.newContext({ baseURL: portal.url });
  const login = await admin.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()} ${await login.text()}`);
  for (const email of Object.values(roles)) {
    const reg = await playwrightRequest.newContext({ baseURL: portal.url });
    const r = await reg.post('/api/auth/register', { data: { email, password: STAFF_PASSWORD } });
    if (!r.ok()) throw new Error(`register ${email}: ${r.status()} ${await r.text()}`);
    await reg.dispose();
  }
  const accounts = (await (await admin.get('/api/admin/accounts')).json()) as { rows: { id: number; email: string }[] };
  for (const [role, email] of Object.entries(roles)) {
    const account = accounts.rows.find((a) => a.email === email);
    if (!account) throw new Error(`account ${email} not listed`);
    const r = await admin.put(`/api/admin/accounts/${account.id}/role`, { data: { role } });
    if (!r.ok()) throw new Error(`assign ${role}: ${r.status()}`);
  }
  return { adminEmail, adminPassword, admin };
}
