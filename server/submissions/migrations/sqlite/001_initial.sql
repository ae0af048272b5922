-- Contact messages, job applications with their CVs, and the mail outbox.
-- Timestamps are ISO-8601 UTC text from Date.toISOString() (fixed width, so they sort and
-- compare as text). Ids are crypto.randomUUID() strings.

CREATE TABLE submissions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('contact', 'application')),
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT,
  comment TEXT,
  job_slug TEXT,
  job_title TEXT,
  consent_at TEXT,
  privacy_version TEXT,
  -- A contact message has its text; an application names its job and records consent.
  CHECK (kind <> 'contact' OR message IS NOT NULL),
  CHECK (kind <> 'application' OR (job_slug IS NOT NULL AND job_title IS NOT NULL
                                   AND consent_at IS NOT NULL AND privacy_version IS NOT NULL))
);
CREATE INDEX submissions_created_at_idx ON submissions (created_at);
CREATE INDEX submissions_email_idx ON submissions (lower(email));

CREATE TABLE cv_files (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  detected_type TEXT NOT NULL CHECK (detected_type IN ('pdf', 'doc', 'docx', 'odt', 'rtf', 'txt')),
  size INTEGER NOT NULL CHECK (size >= 0),
  sha256 TEXT NOT NULL,
  -- Last, so reading the metadata never walks the blob.
  bytes BLOB NOT NULL
);

CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('company_notification', 'applicant_confirmation')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  next_attempt_at TEXT NOT NULL,
  locked_until TEXT,
  last_error TEXT,
  sent_at TEXT
);
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);
-- For the cascade on delete and the per-submission mail counts.
CREATE INDEX outbox_submission_idx ON outbox (submission_id);
