-- Members and everything that proves who they are.
CREATE TABLE members (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  login_id           TEXT NOT NULL COLLATE NOCASE UNIQUE,
  nickname           TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash      TEXT NOT NULL,            -- pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>
  name               TEXT,
  is_foreigner       INTEGER NOT NULL DEFAULT 0 CHECK (is_foreigner IN (0, 1)),
  identity_verified  INTEGER NOT NULL DEFAULT 0 CHECK (identity_verified IN (0, 1)),
  adult              INTEGER NOT NULL DEFAULT 0 CHECK (adult IN (0, 1)),
  pi_flag            INTEGER NOT NULL DEFAULT 0 CHECK (pi_flag IN (0, 1)),
  birthday           TEXT,                     -- yyyy-MM-dd
  gender             TEXT CHECK (gender IN ('M', 'F')),
  phone              TEXT,
  country_code       TEXT,
  partner_code       TEXT,
  recommender_id     INTEGER REFERENCES members(id),
  marketing_agreed   INTEGER NOT NULL DEFAULT 0 CHECK (marketing_agreed IN (0, 1)),
  device             TEXT,
  last_login_at      INTEGER,
  blocked            INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  created_at         INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX members_phone ON members(country_code, phone);

-- Opaque refresh tokens, stored hashed; rotation keeps the family, reuse of a used token revokes it.
CREATE TABLE refresh_tokens (
  token_hash    TEXT PRIMARY KEY,
  family_id     TEXT NOT NULL,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  expires_at    INTEGER NOT NULL,
  family_expires_at INTEGER NOT NULL,          -- absolute expiry of the whole family
  used_at       INTEGER,
  replaced_by   TEXT,
  revoked_at    INTEGER,
  created_at    INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
CREATE INDEX refresh_tokens_member ON refresh_tokens(member_id);

-- Access tokens carry a session (family) id; a revoked family makes its access tokens invalid at once.
CREATE TABLE revoked_sessions (
  family_id   TEXT PRIMARY KEY,
  revoked_at  INTEGER NOT NULL DEFAULT (unixepoch())
);

-- Login attempts per login ID (existing or not), counted exactly in D1 (not KV): each attempt takes a
-- slot before the password is checked; a success clears the row; 10 quiet minutes reset it.
CREATE TABLE login_attempts (
  login_id      TEXT PRIMARY KEY COLLATE NOCASE,
  attempts      INTEGER NOT NULL,
  last_at       INTEGER NOT NULL                -- ms
);

-- Phone codes: one row per phone; `sent_at` enforces the 60 s lockout atomically.
CREATE TABLE phone_verifications (
  phone_key     TEXT PRIMARY KEY,              -- "<country code>:<digits>"
  code_hash     TEXT NOT NULL,
  sent_at       INTEGER NOT NULL,              -- ms
  attempts      INTEGER NOT NULL DEFAULT 0,
  verified_token TEXT,
  verified_at   INTEGER
);

-- Identity verification sessions (NICE or the internal/dev provider) and their results.
CREATE TABLE identity_sessions (
  id            TEXT PRIMARY KEY,
  purpose       TEXT NOT NULL,                 -- personal, personal-signup, id, password
  provider      TEXT NOT NULL,                 -- niceId, internal
  login_id      TEXT,
  auth_key      TEXT UNIQUE,
  name          TEXT,
  birthday      TEXT,
  gender        TEXT,
  phone         TEXT,
  adult         INTEGER,
  created_at    INTEGER NOT NULL DEFAULT (unixepoch()),
  completed_at  INTEGER,
  used_at       INTEGER
);

-- Password reset tokens from find-password.
CREATE TABLE password_resets (
  token_hash    TEXT PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  expires_at    INTEGER NOT NULL,
  used_at       INTEGER
);

-- Local captcha challenges (the offline adapter).
CREATE TABLE captcha_challenges (
  id          TEXT PRIMARY KEY,
  answer      TEXT NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);

-- The SMS outbox of the offline adapter (development only; GET /__dev/outbox).
CREATE TABLE sms_outbox (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  to_phone    TEXT NOT NULL,
  body        TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
