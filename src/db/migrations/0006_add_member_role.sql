-- Member roles: P police, O operator, S ting operator, V member (everyone by default), J genie.
-- Operators set them (`npm run ops`); chat tickets carry the role, and the ChatRoom enforces what it allows.
ALTER TABLE members ADD COLUMN role TEXT NOT NULL DEFAULT 'V' CHECK (role IN ('P', 'O', 'S', 'V', 'J'));
