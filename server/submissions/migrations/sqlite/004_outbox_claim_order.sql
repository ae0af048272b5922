-- The outbox's claim takes mail in the order it fell due and stops at its batch size
-- (ORDER BY next_attempt_at, created_at, id over this index). Before, it sorted every
-- pending row by age to take a batch, under SQLite's write lock that visitors' saves wait
-- for, at a cost that grew with the backlog (about 6 ms a claim with 20,000 mails
-- waiting). The undelivered-mail alert and /readyz read pending mail by age.
CREATE INDEX outbox_claim_idx ON outbox (status, next_attempt_at, created_at, id);
DROP INDEX outbox_due_idx;
CREATE INDEX outbox_pending_age_idx ON outbox (status, created_at, id);
