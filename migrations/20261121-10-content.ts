import { sql, type Kysely } from 'kysely';

/**
 * The public website's content (spec 2 §2-§3): gallery images with their resized versions, the
 * file archive, notices, the three static pages and small content records (the video gallery).
 * Uploaded bytes stay in `blobs` (docs/decisions/003-file-storage.md); resized WebP versions of
 * gallery images live beside them in `image_variants` and go when their blob goes
 * (docs/decisions/007-rich-text-and-images.md).
 */
async function run(db: Kysely<any>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    CREATE TABLE content_images (
      id uuid PRIMARY KEY,
      gallery text NOT NULL CHECK (gallery IN ('slider', 'gallery', 'geo')),
      blob_id uuid NOT NULL UNIQUE REFERENCES blobs(id),
      width int NOT NULL,
      height int NOT NULL,
      created_by int REFERENCES staff_users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX content_images_gallery_idx ON content_images (gallery, created_at DESC);

    CREATE TABLE image_variants (
      blob_id uuid NOT NULL REFERENCES blobs(id) ON DELETE CASCADE,
      variant text NOT NULL CHECK (variant IN ('thumb', 'phone')),
      bytes bytea NOT NULL,
      mime text NOT NULL CHECK (mime = 'image/webp'),
      width int NOT NULL,
      height int NOT NULL,
      size int NOT NULL CHECK (size > 0),
      PRIMARY KEY (blob_id, variant)
    );

    CREATE TABLE archive_files (
      id uuid PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      visibility text NOT NULL CHECK (visibility IN ('Public', 'Private')),
      blob_id uuid NOT NULL UNIQUE REFERENCES blobs(id),
      created_by int REFERENCES staff_users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX archive_files_public_idx ON archive_files (visibility, created_at DESC);

    CREATE TABLE notices (
      id uuid PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
      description_html text NOT NULL DEFAULT '',   -- sanitised before it is stored
      blob_id uuid UNIQUE REFERENCES blobs(id),
      published_at timestamptz NOT NULL DEFAULT now(),
      created_by int REFERENCES staff_users(id) ON DELETE SET NULL
    );
    CREATE INDEX notices_published_idx ON notices (published_at DESC);

    CREATE TABLE content_pages (
      slug text PRIMARY KEY CHECK (slug IN ('policies', 'application-instruction', 'about-us')),
      title text NOT NULL,
      html text NOT NULL DEFAULT '',               -- sanitised before it is stored
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by int REFERENCES staff_users(id) ON DELETE SET NULL
    );

    CREATE TABLE content_records (
      key text PRIMARY KEY CHECK (key IN ('video-gallery')),
      data jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by int REFERENCES staff_users(id) ON DELETE SET NULL
    );
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await run(
    db,
    `
    DROP TABLE content_records, content_pages, notices, archive_files, image_variants, content_images;
  `,
  );
}
