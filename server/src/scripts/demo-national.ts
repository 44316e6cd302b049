import type { Database } from '../platform/db/database.js';
import { listOffices } from '../modules/offices/offices.repository.js';
import type { DemoPassword } from './demo-office.js';
import type { DemoOfficeSeeded } from './demo-offices.js';

/** An account that sees across offices, as the seed's output lists it. */
export interface DemoAccount {
  /** The role as the output names it (e.g. "District viewer"). */
  role: string;
  email: string;
  /** What it sees, in English (e.g. "Chapainawabganj district: Shibganj"). */
  sees: string;
  /** Where it signs in. */
  signIn: string;
}

/**
 * The demo's accounts over several offices (docs/decisions/057-offices.md, step 4): a district
 * viewer of office 1's district and the national administrator, with the same one password as the
 * offices' staff, already changed (a demo account opens its screen at once). They sign in on the
 * national address, `nationalUrl`.
 */
export async function seedNationalAccounts(
  base: Database,
  offices: readonly DemoOfficeSeeded[],
  password: DemoPassword,
  nationalUrl: string,
): Promise<DemoAccount[]> {
  const first = (await listOffices(base)).find((o) => o.id === offices[0]?.id);
  const district = first?.district;
  const accounts = [
    { email: 'national@demo.local', role: 'NationalAdmin' as const, district_id: null },
    ...(district ? [{ email: 'district@demo.local', role: 'DistrictViewer' as const, district_id: district.id }] : []),
  ];
  const now = new Date();
  for (const a of accounts) {
    const user = await base
      .insertInto('staff_users')
      .values({
        email: a.email,
        display_name:
          a.role === 'NationalAdmin' ? 'জাতীয় প্রশাসক (ডেমো)' : `${district?.nameBn ?? ''} জেলা পর্যবেক্ষক (ডেমো)`,
        password_hash: password.hash,
        must_change_password: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await base
      .insertInto('area_roles')
      .values({ user_id: user.id, role: a.role, district_id: a.district_id })
      .execute();
  }
  const signIn = `${nationalUrl}/login`;
  const inDistrict = offices.filter((o) => o.place.districtEn === district?.nameEn).map((o) => o.place.upazilaEn);
  return [
    {
      role: 'National administrator',
      email: 'national@demo.local',
      sees: `every office; opens, renames and closes offices and appoints their Admins`,
      signIn,
    },
    ...(district
      ? [
          {
            role: 'District viewer',
            email: 'district@demo.local',
            sees: `${district.nameEn} district, read only: ${inDistrict.join(', ')}`,
            signIn,
          },
        ]
      : []),
  ];
}
