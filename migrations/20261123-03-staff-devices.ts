import { sql, type Kysely } from 'kysely';

/**
 * Browsers a staff account signed in from (decision 014): a sign-in from one of them is limited per
 * browser, so a stranger guessing the account's password elsewhere cannot lock the officer out.
 * Only the SHA-256 of the cookie's token is kept; rows go with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE staff_devices (
      token_hash text PRIMARY KEY,
      user_id int NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX staff_devices_user_idx ON staff_devices (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE staff_devices`.execute(db);
}
