-- The local error collector (docs/operations.md): what browsers (through the Sentry SDK's envelopes)
-- and the Worker (5xx answers, failed page loads) reported, for an operator to read with
-- `npm run ops -- errors`. Production sends browsers' reports to the Sentry project of SENTRY_DSN_BROWSER and
-- the Worker's to Workers Logs; this table is filled only where the collector runs (development and tests).
CREATE TABLE error_reports (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  at           INTEGER NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('browser', 'worker')),
  release      TEXT,
  environment  TEXT,
  brand        TEXT,
  page         TEXT,
  type         TEXT,
  message      TEXT NOT NULL,
  stack        TEXT,
  user_agent   TEXT,
  event_id     TEXT UNIQUE
);
CREATE INDEX error_reports_at ON error_reports(at);
