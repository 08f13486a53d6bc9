-- Migration 0010-key-lifecycle (storage/migrations/0010-key-lifecycle.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
ALTER TABLE agents ADD COLUMN registration_digest text;
ALTER TABLE agents ADD COLUMN key_generation integer NOT NULL DEFAULT 0;
ALTER TABLE agents ADD COLUMN key_created_at text;
ALTER TABLE agents ADD COLUMN key_revoked_at text;
ALTER TABLE agents ADD COLUMN key_request_digest text;
UPDATE agents SET registration_digest = key_digest, key_created_at = created_at WHERE registration_digest IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS agents_registration ON agents (registration_digest);
CREATE TRIGGER IF NOT EXISTS agents_first_key AFTER INSERT ON agents FOR EACH ROW WHEN NEW.registration_digest IS NULL
  BEGIN
    UPDATE agents SET registration_digest = NEW.key_digest, key_created_at = NEW.created_at WHERE id = NEW.id;
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0010-key-lifecycle', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
