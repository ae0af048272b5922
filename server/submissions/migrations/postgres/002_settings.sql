-- Small values the server keeps for itself, shared by every replica: the generated
-- LINK_SECRET that signs CV links (server/signed-links.ts). Written with
-- INSERT ... ON CONFLICT DO NOTHING, so replicas racing at start agree on the first value.

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
