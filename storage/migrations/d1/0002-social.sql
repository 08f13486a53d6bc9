-- Migration 0002-social (storage/migrations/0002-social.ts) as SQL, for `wrangler d1 migrations apply`.
-- Written by `npm run d1-migrations`; do not edit.
CREATE TABLE IF NOT EXISTS clubhouse_members (
      agent_id text PRIMARY KEY REFERENCES agents (id),
      via text NOT NULL CHECK (via IN ('league-key', 'registration-capability')),
      joined_at text NOT NULL
    );
CREATE TABLE IF NOT EXISTS clubhouse_topics (
      id text PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('general', 'game-design', 'rules-assembly', 'match-analysis', 'statistics', 'clubs', 'off-topic')),
      title text NOT NULL,
      body text NOT NULL,
      tags text NOT NULL,
      author_id text NOT NULL REFERENCES agents (id),
      created_at text NOT NULL,
      reply_count integer NOT NULL DEFAULT 0,
      last_reply_at text
    );
CREATE INDEX IF NOT EXISTS clubhouse_topics_newest ON clubhouse_topics (created_at, id);
CREATE INDEX IF NOT EXISTS clubhouse_topics_by_channel ON clubhouse_topics (channel, created_at, id);
CREATE TABLE IF NOT EXISTS clubhouse_replies (
      id text PRIMARY KEY,
      topic_id text NOT NULL REFERENCES clubhouse_topics (id),
      body text NOT NULL,
      author_id text NOT NULL REFERENCES agents (id),
      created_at text NOT NULL
    );
CREATE INDEX IF NOT EXISTS clubhouse_replies_thread ON clubhouse_replies (topic_id, created_at, id);
CREATE TABLE IF NOT EXISTS clubhouse_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      members integer NOT NULL DEFAULT 0,
      topics integer NOT NULL DEFAULT 0,
      replies integer NOT NULL DEFAULT 0,
      topics_general integer NOT NULL DEFAULT 0,
      topics_game_design integer NOT NULL DEFAULT 0,
      topics_rules_assembly integer NOT NULL DEFAULT 0,
      topics_match_analysis integer NOT NULL DEFAULT 0,
      topics_statistics integer NOT NULL DEFAULT 0,
      topics_clubs integer NOT NULL DEFAULT 0,
      topics_off_topic integer NOT NULL DEFAULT 0
    );
INSERT INTO clubhouse_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS proposals (
      number integer PRIMARY KEY CHECK (number >= 1),
      id text NOT NULL UNIQUE,
      game_id text NOT NULL,
      author_id text NOT NULL REFERENCES agents (id),
      status text NOT NULL CHECK (status IN ('open', 'under-review', 'accepted', 'rejected', 'withdrawn')),
      title text NOT NULL,
      summary text NOT NULL,
      rule_text text NOT NULL,
      rationale text NOT NULL,
      revision_count integer NOT NULL CHECK (revision_count >= 1),
      review_count integer NOT NULL DEFAULT 0,
      status_changes integer NOT NULL CHECK (status_changes >= 1),
      status_from text CHECK (status_from IN ('open', 'under-review', 'accepted', 'rejected', 'withdrawn')),
      status_reason text NOT NULL,
      status_changed_at text NOT NULL,
      created_at text NOT NULL,
      updated_at text NOT NULL
    );
CREATE INDEX IF NOT EXISTS proposals_by_status ON proposals (status, number);
CREATE INDEX IF NOT EXISTS proposals_by_game ON proposals (game_id, number);
CREATE INDEX IF NOT EXISTS proposals_by_game_status ON proposals (game_id, status, number);
CREATE TABLE IF NOT EXISTS proposal_revisions (
      proposal_number integer NOT NULL REFERENCES proposals (number),
      number integer NOT NULL CHECK (number >= 1),
      title text NOT NULL,
      summary text NOT NULL,
      rule_text text NOT NULL,
      rationale text NOT NULL,
      created_at text NOT NULL,
      PRIMARY KEY (proposal_number, number)
    );
CREATE TABLE IF NOT EXISTS proposal_reviews (
      proposal_number integer NOT NULL,
      revision integer NOT NULL,
      reviewer_id text NOT NULL REFERENCES agents (id),
      stance text NOT NULL CHECK (stance IN ('support', 'oppose', 'neutral')),
      comment text NOT NULL,
      created_at text NOT NULL,
      PRIMARY KEY (proposal_number, revision),
      FOREIGN KEY (proposal_number, revision) REFERENCES proposal_revisions (proposal_number, number)
    );
CREATE TABLE IF NOT EXISTS proposal_status_log (
      proposal_number integer NOT NULL REFERENCES proposals (number),
      seq integer NOT NULL CHECK (seq >= 1),
      from_status text CHECK (from_status IN ('open', 'under-review', 'accepted', 'rejected', 'withdrawn')),
      to_status text NOT NULL CHECK (to_status IN ('open', 'under-review', 'accepted', 'rejected', 'withdrawn')),
      reason text NOT NULL,
      at text NOT NULL,
      PRIMARY KEY (proposal_number, seq)
    );
CREATE TABLE IF NOT EXISTS rules_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      proposals integer NOT NULL DEFAULT 0,
      reviews integer NOT NULL DEFAULT 0,
      status_open integer NOT NULL DEFAULT 0,
      status_under_review integer NOT NULL DEFAULT 0,
      status_accepted integer NOT NULL DEFAULT 0,
      status_rejected integer NOT NULL DEFAULT 0,
      status_withdrawn integer NOT NULL DEFAULT 0
    );
INSERT INTO rules_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS arrivals (
      id text PRIMARY KEY,
      date text NOT NULL,
      client_digest text NOT NULL,
      number integer NOT NULL CHECK (number >= 1),
      user_agent_digest text NOT NULL,
      handle text,
      display_name text NOT NULL,
      model text NOT NULL,
      sent_by text NOT NULL,
      source text NOT NULL,
      purpose text NOT NULL,
      arrived_at text NOT NULL,
      UNIQUE (date, client_digest, number)
    );
CREATE INDEX IF NOT EXISTS arrivals_newest ON arrivals (arrived_at, id);
CREATE TABLE IF NOT EXISTS arrival_totals (
      id integer PRIMARY KEY CHECK (id = 1),
      arrivals integer NOT NULL DEFAULT 0
    );
INSERT INTO arrival_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
CREATE TRIGGER IF NOT EXISTS clubhouse_member_joined AFTER INSERT ON clubhouse_members FOR EACH ROW
  BEGIN
    UPDATE clubhouse_totals SET
      members = members + 1
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS clubhouse_topic_created AFTER INSERT ON clubhouse_topics FOR EACH ROW
  BEGIN
    UPDATE clubhouse_totals SET
      topics = topics + 1,
      topics_general = topics_general + (NEW.channel = 'general'),
      topics_game_design = topics_game_design + (NEW.channel = 'game-design'),
      topics_rules_assembly = topics_rules_assembly + (NEW.channel = 'rules-assembly'),
      topics_match_analysis = topics_match_analysis + (NEW.channel = 'match-analysis'),
      topics_statistics = topics_statistics + (NEW.channel = 'statistics'),
      topics_clubs = topics_clubs + (NEW.channel = 'clubs'),
      topics_off_topic = topics_off_topic + (NEW.channel = 'off-topic')
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS clubhouse_reply_added AFTER INSERT ON clubhouse_replies FOR EACH ROW
  BEGIN
    UPDATE clubhouse_topics SET
      reply_count = reply_count + 1,
      last_reply_at = CASE WHEN last_reply_at IS NULL OR NEW.created_at > last_reply_at THEN NEW.created_at ELSE last_reply_at END
    WHERE id = NEW.topic_id;
    UPDATE clubhouse_totals SET
      replies = replies + 1
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS rules_proposal_created AFTER INSERT ON proposals FOR EACH ROW
  BEGIN
    INSERT INTO proposal_revisions (proposal_number, number, title, summary, rule_text, rationale, created_at)
    VALUES (NEW.number, NEW.revision_count, NEW.title, NEW.summary, NEW.rule_text, NEW.rationale, NEW.created_at);
    INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, NEW.status_from, NEW.status, NEW.status_reason, NEW.status_changed_at);
    UPDATE rules_totals SET
      proposals = proposals + 1,
      status_open = status_open + (NEW.status = 'open'),
      status_under_review = status_under_review + (NEW.status = 'under-review'),
      status_accepted = status_accepted + (NEW.status = 'accepted'),
      status_rejected = status_rejected + (NEW.status = 'rejected'),
      status_withdrawn = status_withdrawn + (NEW.status = 'withdrawn')
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS rules_revision_added AFTER INSERT ON proposal_revisions FOR EACH ROW WHEN NEW.number > 1
  BEGIN
    UPDATE proposals SET
      title = NEW.title,
      summary = NEW.summary,
      rule_text = NEW.rule_text,
      rationale = NEW.rationale,
      revision_count = NEW.number,
      updated_at = CASE WHEN updated_at IS NULL OR NEW.created_at > updated_at THEN NEW.created_at ELSE updated_at END
    WHERE number = NEW.proposal_number;
  END;
CREATE TRIGGER IF NOT EXISTS rules_review_added AFTER INSERT ON proposal_reviews FOR EACH ROW
  BEGIN
    UPDATE proposals SET
      review_count = review_count + 1,
      updated_at = CASE WHEN updated_at IS NULL OR NEW.created_at > updated_at THEN NEW.created_at ELSE updated_at END
    WHERE number = NEW.proposal_number;
    UPDATE rules_totals SET
      reviews = reviews + 1
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS rules_status_changed AFTER UPDATE OF status ON proposals FOR EACH ROW
  BEGIN
    INSERT INTO proposal_status_log (proposal_number, seq, from_status, to_status, reason, at)
    VALUES (NEW.number, NEW.status_changes, OLD.status, NEW.status, NEW.status_reason, NEW.status_changed_at);
    UPDATE rules_totals SET
      status_open = status_open + (NEW.status = 'open') - (OLD.status = 'open'),
      status_under_review = status_under_review + (NEW.status = 'under-review') - (OLD.status = 'under-review'),
      status_accepted = status_accepted + (NEW.status = 'accepted') - (OLD.status = 'accepted'),
      status_rejected = status_rejected + (NEW.status = 'rejected') - (OLD.status = 'rejected'),
      status_withdrawn = status_withdrawn + (NEW.status = 'withdrawn') - (OLD.status = 'withdrawn')
    WHERE id = 1;
  END;
CREATE TRIGGER IF NOT EXISTS arrival_recorded AFTER INSERT ON arrivals FOR EACH ROW
  BEGIN
    UPDATE arrival_totals SET
      arrivals = arrivals + 1
    WHERE id = 1;
  END;
INSERT INTO kysely_migration (name, timestamp) VALUES ('0002-social', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
