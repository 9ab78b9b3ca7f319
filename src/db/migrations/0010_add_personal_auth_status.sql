-- Personal-auth status: 0 unapplied, 1 requested, 2 approved, 3 rejected. identity_verified stays
-- (every reader of "verified" keeps working); the triggers keep it and the status in step, whoever writes.
ALTER TABLE members ADD COLUMN personal_auth_status INTEGER NOT NULL DEFAULT 0 CHECK (personal_auth_status IN (0, 1, 2, 3));
UPDATE members SET personal_auth_status = 2 WHERE identity_verified = 1;

CREATE TRIGGER members_verified_is_approved AFTER UPDATE OF identity_verified ON members
WHEN NEW.identity_verified = 1 AND NEW.personal_auth_status <> 2
BEGIN
  UPDATE members SET personal_auth_status = 2 WHERE id = NEW.id;
END;

CREATE TRIGGER members_unverified_is_unapplied AFTER UPDATE OF identity_verified ON members
WHEN NEW.identity_verified = 0 AND NEW.personal_auth_status = 2
BEGIN
  UPDATE members SET personal_auth_status = 0 WHERE id = NEW.id;
END;

CREATE TRIGGER members_signed_up_verified AFTER INSERT ON members
WHEN NEW.identity_verified = 1
BEGIN
  UPDATE members SET personal_auth_status = 2 WHERE id = NEW.id;
END;

-- NICE identity verification (src/api/providers/nice.ts): the crypto token's version id NICE answers with,
-- and the symmetric key derived for this session, which checks and opens NICE's answer at /callback/nice.
ALTER TABLE identity_sessions ADD COLUMN provider_ref TEXT;
ALTER TABLE identity_sessions ADD COLUMN provider_key TEXT;
CREATE UNIQUE INDEX identity_sessions_provider_ref ON identity_sessions(provider_ref) WHERE provider_ref IS NOT NULL;
