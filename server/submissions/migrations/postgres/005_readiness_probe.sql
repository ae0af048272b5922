-- One row that the readiness check (/readyz) of every replica overwrites each time it
-- asks: a write that commits now is the proof that the store can take a submission, which
-- a read cannot give (a read-only or recovering server still answers reads). Nothing else
-- reads it.
CREATE TABLE readiness_probe (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  written_at TIMESTAMPTZ NOT NULL
);
