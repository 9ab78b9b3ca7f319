-- Social login: provider identities linked to members, the pending authorization transactions,
-- and the codes already spent.

-- One row per provider account linked to a member. Linked only by proof (the callback of a member already
-- signed in, a password, or a social sign-up), never by e-mail: the e-mail is kept for the member's own page.
CREATE TABLE social_identities (
  provider    TEXT NOT NULL CHECK (provider IN ('kakao', 'google', 'twitch', 'naver')),
  subject     TEXT NOT NULL,                 -- the provider's stable user id (sub, Naver's response.id)
  member_id   INTEGER NOT NULL REFERENCES members(id),
  email       TEXT,
  linked_at   INTEGER NOT NULL,              -- ms
  PRIMARY KEY (provider, subject),
  UNIQUE (member_id, provider)               -- one account per provider per member
);
CREATE INDEX social_identities_member ON social_identities(member_id);

-- An authorization in flight: created when the browser leaves for the provider, taken (deleted) exactly once
-- by its callback. `binding_hash` is the SHA-256 of a random value held in the browser's HttpOnly
-- flx_oauth_tx cookie, so a state replayed from another browser is refused.
CREATE TABLE oauth_transactions (
  state         TEXT PRIMARY KEY,
  provider      TEXT NOT NULL CHECK (provider IN ('kakao', 'google', 'twitch', 'naver')),
  binding_hash  TEXT NOT NULL,
  verifier      TEXT NOT NULL,               -- PKCE code_verifier (S256 challenge sent to the provider)
  nonce         TEXT,                        -- OpenID Connect providers only
  redirect_uri  TEXT NOT NULL,
  return_path   TEXT NOT NULL,               -- same-site path, checked when stored
  intent        TEXT NOT NULL CHECK (intent IN ('login', 'link')),
  member_id     INTEGER REFERENCES members(id),  -- intent 'link': who asked
  expires_at    INTEGER NOT NULL             -- ms
);
CREATE INDEX oauth_transactions_expiry ON oauth_transactions(expires_at);

-- Authorization codes already presented (hashed): a code is tried once, whatever the provider would say.
CREATE TABLE oauth_used_codes (
  provider   TEXT NOT NULL,
  code_hash  TEXT NOT NULL,
  used_at    INTEGER NOT NULL,               -- ms
  PRIMARY KEY (provider, code_hash)
);

-- ASP partners (POST /v4/api/asp/accesstoken): a partner's server proves itself with its key
-- (stored hashed; `npm run ops -- asp-key <partnerCode>` mints one) and gets a session for one of its users,
-- named by the userkey it sent when that user signed up (the sign-up payload's aspCode and userkey).
CREATE TABLE asp_keys (
  partner_code  TEXT PRIMARY KEY REFERENCES partners(code),
  key_hash      TEXT NOT NULL,               -- SHA-256, base64url
  created_at    INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE asp_members (
  partner_code  TEXT NOT NULL REFERENCES partners(code),
  userkey       TEXT NOT NULL,
  member_id     INTEGER NOT NULL REFERENCES members(id),
  created_at    INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (partner_code, userkey),
  UNIQUE (partner_code, member_id)
);
