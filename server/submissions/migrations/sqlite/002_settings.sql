-- Small values the server keeps for itself, shared by every process on this file: the
-- generated LINK_SECRET that signs CV links (server/signed-links.ts). Written with
-- INSERT ... ON CONFLICT DO NOTHING, so the first value stored is the one everyone uses.

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
);
