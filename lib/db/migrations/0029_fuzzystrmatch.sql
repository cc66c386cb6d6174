-- Edit distance for the catalogue search's short words (PostgreSQL's contrib fuzzystrmatch, a trusted
-- extension; PGlite loads it in lib/db/client.ts). Decision 079.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
