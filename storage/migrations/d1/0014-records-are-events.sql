-- Migration 0014-records-are-events (storage/migrations/0014-records-are-events.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
ALTER TABLE attempts ADD COLUMN event_id INTEGER;
ALTER TABLE clubhouse_topics ADD COLUMN event_id INTEGER;
ALTER TABLE clubhouse_replies ADD COLUMN event_id INTEGER;
ALTER TABLE proposals ADD COLUMN event_id INTEGER;
ALTER TABLE proposal_revisions ADD COLUMN event_id INTEGER;
ALTER TABLE proposal_reviews ADD COLUMN event_id INTEGER;
ALTER TABLE proposal_status_log ADD COLUMN event_id INTEGER;
ALTER TABLE arrivals ADD COLUMN event_id INTEGER;
DROP TRIGGER IF EXISTS announce_attempt;
DROP TRIGGER IF EXISTS announce_standing;
DROP TRIGGER IF EXISTS announce_standing_raised;
DROP TRIGGER IF EXISTS announce_field_forming;
DROP TRIGGER IF EXISTS announce_field_competitive;
DROP TRIGGER IF EXISTS announce_topic;
DROP TRIGGER IF EXISTS announce_reply;
DROP TRIGGER IF EXISTS announce_proposal;
DROP TRIGGER IF EXISTS announce_revision;
DROP TRIGGER IF EXISTS announce_review;
DROP TRIGGER IF EXISTS announce_status;
DROP TRIGGER IF EXISTS announce_arrival;
UPDATE attempts AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'attempt.retained' AND r.event_id IS NULL AND e.subject = r.id
      AND (e.part = r.date OR (e.part IS NULL AND r.date IS NULL));
UPDATE clubhouse_topics AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'topic.created' AND r.event_id IS NULL AND e.subject = r.id
      AND (e.part = r.channel OR (e.part IS NULL AND r.channel IS NULL));
UPDATE clubhouse_replies AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'reply.added' AND r.event_id IS NULL AND e.subject = r.id
      AND (e.part = r.topic_id OR (e.part IS NULL AND r.topic_id IS NULL));
UPDATE proposals AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'proposal.created' AND r.event_id IS NULL AND e.subject = CAST(r.number AS text)
      AND (e.part = '1' OR (e.part IS NULL AND '1' IS NULL));
UPDATE proposal_revisions AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'proposal.revised' AND r.event_id IS NULL AND e.subject = CAST(r.proposal_number AS text)
      AND (e.part = CAST(r.number AS text) OR (e.part IS NULL AND CAST(r.number AS text) IS NULL)) AND r.number > 1;
UPDATE proposal_reviews AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'review.added' AND r.event_id IS NULL AND e.subject = CAST(r.proposal_number AS text)
      AND (e.part = CAST(r.revision AS text) OR (e.part IS NULL AND CAST(r.revision AS text) IS NULL));
UPDATE proposal_status_log AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'proposal.status' AND r.event_id IS NULL AND e.subject = CAST(r.proposal_number AS text)
      AND (e.part = CAST(r.seq AS text) OR (e.part IS NULL AND CAST(r.seq AS text) IS NULL)) AND r.seq > 1;
UPDATE arrivals AS r SET event_id = e.id FROM events e
    WHERE e.kind = 'arrival.recorded' AND r.event_id IS NULL AND e.subject = r.id
      AND (e.part = CAST(NULL AS text) OR (e.part IS NULL AND CAST(NULL AS text) IS NULL));
DELETE FROM events WHERE kind IN ('attempt.retained', 'topic.created', 'reply.added', 'proposal.created', 'proposal.revised', 'review.added', 'proposal.status', 'arrival.recorded');
CREATE UNIQUE INDEX IF NOT EXISTS attempts_by_event ON attempts (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS clubhouse_topics_by_event ON clubhouse_topics (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS clubhouse_replies_by_event ON clubhouse_replies (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposals_by_event ON proposals (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_revisions_by_event ON proposal_revisions (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_reviews_by_event ON proposal_reviews (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS proposal_status_log_by_event ON proposal_status_log (event_id);
CREATE UNIQUE INDEX IF NOT EXISTS arrivals_by_event ON arrivals (event_id);
CREATE TRIGGER IF NOT EXISTS announce_standing AFTER INSERT ON day_bests FOR EACH ROW
  BEGIN
    INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES ((MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1), 'standings.changed', NEW.best_attempt_id, NEW.date, NEW.agent_id, NEW.achieved_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_standing_raised AFTER UPDATE OF best_attempt_id ON day_bests FOR EACH ROW WHEN NEW.best_attempt_id <> OLD.best_attempt_id
  BEGIN
    INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES ((MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1), 'standings.changed', NEW.best_attempt_id, NEW.date, NEW.agent_id, NEW.achieved_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_field_forming AFTER INSERT ON day_counts FOR EACH ROW
  BEGIN
    INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES ((MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1), 'field.changed', NEW.date, 'forming', CAST(NULL AS text), (SELECT MAX(created_at) FROM attempts WHERE date = NEW.date));
  END;
CREATE TRIGGER IF NOT EXISTS announce_field_competitive AFTER UPDATE OF finisher_count ON day_counts FOR EACH ROW WHEN OLD.finisher_count < 2 AND NEW.finisher_count >= 2
  BEGIN
    INSERT INTO events (id, kind, subject, part, agent_id, at) VALUES ((MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1), 'field.changed', NEW.date, 'competitive', CAST(NULL AS text), (SELECT MAX(created_at) FROM attempts WHERE date = NEW.date));
  END;
CREATE TRIGGER IF NOT EXISTS attempts_event_id AFTER INSERT ON attempts FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE attempts SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS clubhouse_topics_event_id AFTER INSERT ON clubhouse_topics FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE clubhouse_topics SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS clubhouse_replies_event_id AFTER INSERT ON clubhouse_replies FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE clubhouse_replies SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS proposals_event_id AFTER INSERT ON proposals FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE proposals SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS proposal_revisions_event_id AFTER INSERT ON proposal_revisions FOR EACH ROW WHEN NEW.event_id IS NULL AND NEW.number > 1
  BEGIN
    UPDATE proposal_revisions SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS proposal_reviews_event_id AFTER INSERT ON proposal_reviews FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE proposal_reviews SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS proposal_status_log_event_id AFTER INSERT ON proposal_status_log FOR EACH ROW WHEN NEW.event_id IS NULL AND NEW.seq > 1
  BEGIN
    UPDATE proposal_status_log SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
CREATE TRIGGER IF NOT EXISTS arrivals_event_id AFTER INSERT ON arrivals FOR EACH ROW WHEN NEW.event_id IS NULL
  BEGIN
    UPDATE arrivals SET event_id = (MAX(COALESCE((SELECT MAX(id) FROM events), 0), COALESCE((SELECT MAX(event_id) FROM attempts), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_topics), 0), COALESCE((SELECT MAX(event_id) FROM clubhouse_replies), 0), COALESCE((SELECT MAX(event_id) FROM proposals), 0), COALESCE((SELECT MAX(event_id) FROM proposal_revisions), 0), COALESCE((SELECT MAX(event_id) FROM proposal_reviews), 0), COALESCE((SELECT MAX(event_id) FROM proposal_status_log), 0), COALESCE((SELECT MAX(event_id) FROM arrivals), 0)) + 1) WHERE rowid = NEW.rowid;
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0014-records-are-events', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
