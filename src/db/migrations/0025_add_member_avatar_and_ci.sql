-- My page and linking by verified identity (docs/product/community.md, "Messages and my page").

-- The member's avatar: an image through the upload module (uploads.key); NULL shows the initial.
ALTER TABLE members ADD COLUMN avatar_key TEXT REFERENCES uploads(key);

-- The person an identity verification proved, as one stable value: NICE's CI (연계정보, the same for one
-- person at every service), or in development a keyed hash of the dev form's person. A verified member
-- keeps theirs, so a social account can be linked to the member the same person already is, never by e-mail.
ALTER TABLE identity_sessions ADD COLUMN ci TEXT;
ALTER TABLE members ADD COLUMN ci TEXT;
CREATE INDEX members_ci ON members(ci) WHERE ci IS NOT NULL;
