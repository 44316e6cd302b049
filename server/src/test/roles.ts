import type { AreaRole, StaffRole } from '@portal/shared';
import { hashPassword } from '../modules/auth/password.js';
import { insertUser } from '../modules/auth/users.repository.js';
import { Agent, type TestContext } from './harness.js';

/**
 * The password every test account gets; hashed once per test file (scrypt is deliberately slow). It
 * satisfies the password rule (decision 014), or every sign-in would have to change it first.
 */
export const TEST_PASSWORD = 'tube well seven under the mango tree';
let testHash: Promise<string> | null = null;
function testPasswordHash(): Promise<string> {
  testHash ??= hashPassword(TEST_PASSWORD);
  return testHash;
}

let counter = 0;

/** A cookie jar signed in as a staff account; it is an Agent, with the account's id and e-mail. */
export class StaffAgent extends Agent {
  constructor(
    readonly id: number,
    readonly email: string,
    readonly role: StaffRole | null,
    /** A role over an area instead (docs/decisions/057-offices.md, step 4). */
    readonly area: AreaRole | null = null,
  ) {
    super();
  }
}

/** Creates an account directly in the database (role null = a self-registered account waiting for a role). */
export async function createStaffUser(
  ctx: TestContext,
  role: StaffRole | null,
  opts: { email?: string; password?: string } = {},
): Promise<{ id: number; email: string }> {
  const email = opts.email ?? `${(role ?? 'norole').toLowerCase()}-${++counter}-${process.pid}@test.example`;
  const passwordHash = opts.password ? await hashPassword(opts.password) : await testPasswordHash();
  const user = await insertUser(ctx.db, { email, passwordHash, role, mustChangePassword: false, now: ctx.clock.now });
  if (!user) throw new Error(`test account ${email} already exists`);
  return { id: user.id, email: user.email };
}

/** A browser signed in as a new account with this role, through the real POST /api/auth/login. */
export async function signInAs(ctx: TestContext, role: StaffRole | null): Promise<StaffAgent> {
  const { id, email } = await createStaffUser(ctx, role);
  const agent = new StaffAgent(id, email, role);
  const res = await ctx.request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD }, agent });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  return agent;
}

/**
 * A browser signed in as a new account with a role over an area and none in an office: the national
 * administrator, or a viewer of a district (Chapainawabganj, 18, unless given) or a division
 * (Rajshahi, 2). `at`: the address it signs in at (the national one, say); office 1's by default.
 */
export async function signInAsArea(
  ctx: TestContext,
  role: AreaRole,
  opts: { districtId?: number; at?: string } = {},
): Promise<StaffAgent> {
  const { id, email } = await createStaffUser(ctx, null);
  await ctx.baseDb
    .insertInto('area_roles')
    .values({
      user_id: id,
      role,
      district_id: role === 'DistrictViewer' ? (opts.districtId ?? 18) : null,
      division_id: role === 'DivisionViewer' ? 2 : null,
    })
    .execute();
  const agent = new StaffAgent(id, email, null, role);
  const res = await ctx.request(`${opts.at ?? ''}/api/auth/login`, {
    method: 'POST',
    json: { email, password: TEST_PASSWORD },
    agent,
  });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${await res.text()}`);
  return agent;
}
