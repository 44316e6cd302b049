import { sql, type Kysely } from 'kysely';

/**
 * The office's licence-signing key when LICENCE_SIGNING_KEY is not set (docs/decisions/024-signed-licence-qr.md):
 * one row, made on first use, so an embedded-PGlite start signs with no setup and every printed QR
 * still verifies after a restart. The private key never leaves the server; only its public half
 * is published (GET /api/public/licence-key).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE licence_signing_key (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      -- Ed25519 private key, PKCS#8 DER, base64.
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE licence_signing_key;`.execute(db);
}
