-- Applicants who erase their own application (docs/decisions/0017). The application and
-- its CV are deleted; what stays is this row, which holds nothing personal: the erased
-- submission's random id, the job, and when. It lets the erase link say "already deleted",
-- and carries what the company's withdrawal notice needs once the submission is gone. It
-- is purged when the application itself would have been (its created_at).
CREATE TABLE withdrawals (
  id UUID PRIMARY KEY,
  job_slug TEXT NOT NULL,
  job_title TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  withdrawn_at TIMESTAMPTZ NOT NULL
);

-- The outbox gains the withdrawal notice, whose row belongs to a withdrawal rather than to
-- a submission (the submission is deleted in the same transaction): submission_id becomes
-- nullable and withdrawal_id names the other parent. Exactly one of the two is set.
ALTER TABLE outbox ALTER COLUMN submission_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN withdrawal_id UUID REFERENCES withdrawals (id) ON DELETE CASCADE;
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('company_notification', 'applicant_confirmation', 'withdrawal_notice'));
ALTER TABLE outbox ADD CONSTRAINT outbox_one_parent_check
  CHECK ((submission_id IS NULL) <> (withdrawal_id IS NULL));
ALTER TABLE outbox ADD CONSTRAINT outbox_withdrawal_kind_check
  CHECK ((kind = 'withdrawal_notice') = (withdrawal_id IS NOT NULL));
CREATE INDEX outbox_withdrawal_idx ON outbox (withdrawal_id);
