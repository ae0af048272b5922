-- Applicants who erase their own application (docs/decisions/0017). The application and
-- its CV are deleted; what stays is this row, which holds nothing personal: the erased
-- submission's random id, the job, and when. It lets the erase link say "already deleted",
-- and carries what the company's withdrawal notice needs once the submission is gone. It
-- is purged when the application itself would have been (its created_at).
CREATE TABLE withdrawals (
  id TEXT PRIMARY KEY,
  job_slug TEXT NOT NULL,
  job_title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  withdrawn_at TEXT NOT NULL
);

-- The outbox gains the withdrawal notice, whose row belongs to a withdrawal rather than to
-- a submission (the submission is deleted in the same transaction): submission_id becomes
-- nullable and withdrawal_id names the other parent. Exactly one of the two is set.
-- SQLite changes a column's constraints only by rebuilding the table; nothing refers to
-- the outbox, so dropping the old table cascades nowhere.
CREATE TABLE outbox_new (
  id TEXT PRIMARY KEY,
  submission_id TEXT REFERENCES submissions (id) ON DELETE CASCADE,
  withdrawal_id TEXT REFERENCES withdrawals (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('company_notification', 'applicant_confirmation', 'withdrawal_notice')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  next_attempt_at TEXT NOT NULL,
  locked_until TEXT,
  last_error TEXT,
  sent_at TEXT,
  CHECK ((submission_id IS NULL) <> (withdrawal_id IS NULL)),
  CHECK ((kind = 'withdrawal_notice') = (withdrawal_id IS NOT NULL))
);
INSERT INTO outbox_new (id, submission_id, kind, status, attempts, created_at, next_attempt_at, locked_until, last_error, sent_at)
  SELECT id, submission_id, kind, status, attempts, created_at, next_attempt_at, locked_until, last_error, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);
-- For the cascades on delete and the per-submission mail counts.
CREATE INDEX outbox_submission_idx ON outbox (submission_id);
CREATE INDEX outbox_withdrawal_idx ON outbox (withdrawal_id);
