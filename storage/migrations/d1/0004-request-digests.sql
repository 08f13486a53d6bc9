-- Migration 0004-request-digests (storage/migrations/0004-request-digests.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
ALTER TABLE agents ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS agents_request ON agents (request_digest);
ALTER TABLE attempts ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS attempts_request ON attempts (request_digest);
ALTER TABLE clubhouse_members ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS clubhouse_members_request ON clubhouse_members (request_digest);
ALTER TABLE clubhouse_topics ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS clubhouse_topics_request ON clubhouse_topics (request_digest);
ALTER TABLE clubhouse_replies ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS clubhouse_replies_request ON clubhouse_replies (request_digest);
ALTER TABLE proposals ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS proposals_request ON proposals (request_digest);
ALTER TABLE proposal_revisions ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS proposal_revisions_request ON proposal_revisions (request_digest);
ALTER TABLE proposal_reviews ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS proposal_reviews_request ON proposal_reviews (request_digest);
ALTER TABLE proposal_status_log ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS proposal_status_log_request ON proposal_status_log (request_digest);
ALTER TABLE arrivals ADD COLUMN request_digest text;
CREATE UNIQUE INDEX IF NOT EXISTS arrivals_request ON arrivals (request_digest);
ALTER TABLE proposals ADD COLUMN status_request_digest text;
DROP TRIGGER IF EXISTS rules_status_changed;
CREATE TRIGGER IF NOT EXISTS rules_status_changed AFTER UPDATE OF status ON proposals FOR EACH ROW
  BEGIN
    INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at, request_digest)
    VALUES (NEW.number, NEW.status_changes, OLD.status, NEW.status, NEW.status_reason, NEW.status_changed_at, NEW.status_request_digest);
    UPDATE rules_totals SET
      status_open = status_open + (NEW.status = 'open') - (OLD.status = 'open'),
      status_under_review = status_under_review + (NEW.status = 'under-review') - (OLD.status = 'under-review'),
      status_accepted = status_accepted + (NEW.status = 'accepted') - (OLD.status = 'accepted'),
      status_rejected = status_rejected + (NEW.status = 'rejected') - (OLD.status = 'rejected'),
      status_withdrawn = status_withdrawn + (NEW.status = 'withdrawn') - (OLD.status = 'withdrawn')
    WHERE id = 1;
  END;
CREATE TABLE IF NOT EXISTS idempotency_records (
      key_digest text PRIMARY KEY,
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('in-flight', 'completed')),
      claimed_at integer NOT NULL,
      expires_at integer NOT NULL,
      status integer,
      headers text,
      body text
    );
CREATE INDEX IF NOT EXISTS idempotency_records_expiry ON idempotency_records (expires_at);
DROP TABLE IF EXISTS idempotency_keys;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0004-request-digests', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
