-- Migration 0008-events (storage/migrations/0008-events.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS events (
      id INTEGER PRIMARY KEY,
      kind text NOT NULL,
      subject text NOT NULL,
      part text,
      agent_id text,
      at text NOT NULL
    );
CREATE INDEX IF NOT EXISTS events_by_kind ON events (kind, id);
CREATE INDEX IF NOT EXISTS events_by_agent ON events (agent_id, id);
CREATE TRIGGER IF NOT EXISTS announce_attempt AFTER INSERT ON attempts FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('attempt.retained', NEW.id, NEW.date, NEW.agent_id, NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_standing AFTER INSERT ON day_bests FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('standings.changed', NEW.best_attempt_id, NEW.date, NEW.agent_id, NEW.achieved_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_standing_raised AFTER UPDATE OF best_attempt_id ON day_bests FOR EACH ROW WHEN NEW.best_attempt_id <> OLD.best_attempt_id
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('standings.changed', NEW.best_attempt_id, NEW.date, NEW.agent_id, NEW.achieved_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_field_forming AFTER INSERT ON day_counts FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('field.changed', NEW.date, 'forming', CAST(NULL AS text), (SELECT MAX(created_at) FROM attempts WHERE date = NEW.date));
  END;
CREATE TRIGGER IF NOT EXISTS announce_field_competitive AFTER UPDATE OF finisher_count ON day_counts FOR EACH ROW WHEN OLD.finisher_count < 2 AND NEW.finisher_count >= 2
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('field.changed', NEW.date, 'competitive', CAST(NULL AS text), (SELECT MAX(created_at) FROM attempts WHERE date = NEW.date));
  END;
CREATE TRIGGER IF NOT EXISTS announce_topic AFTER INSERT ON clubhouse_topics FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('topic.created', NEW.id, NEW.channel, NEW.author_id, NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_reply AFTER INSERT ON clubhouse_replies FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('reply.added', NEW.id, NEW.topic_id, NEW.author_id, NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_proposal AFTER INSERT ON proposals FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('proposal.created', CAST(NEW.number AS text), '1', NEW.author_id, NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_revision AFTER INSERT ON proposal_revisions FOR EACH ROW WHEN NEW.number > 1
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('proposal.revised', CAST(NEW.proposal_number AS text), CAST(NEW.number AS text), (SELECT author_id FROM proposals WHERE number = NEW.proposal_number), NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_review AFTER INSERT ON proposal_reviews FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('review.added', CAST(NEW.proposal_number AS text), CAST(NEW.revision AS text), NEW.reviewer_id, NEW.created_at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_status AFTER INSERT ON proposal_status_log FOR EACH ROW WHEN NEW.seq > 1
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('proposal.status', CAST(NEW.proposal_number AS text), CAST(NEW.seq AS text), (SELECT author_id FROM proposals WHERE number = NEW.proposal_number), NEW.at);
  END;
CREATE TRIGGER IF NOT EXISTS announce_arrival AFTER INSERT ON arrivals FOR EACH ROW
  BEGIN
    INSERT INTO events (kind, subject, part, agent_id, at) VALUES ('arrival.recorded', NEW.id, CAST(NULL AS text), CAST(NULL AS text), NEW.arrived_at);
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0008-events', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
