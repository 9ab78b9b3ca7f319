-- Partner codes (the site's partnerCode query parameter, the sign-up's recommendId) and the visits they bring.
CREATE TABLE partners (
  code        TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  marketing   INTEGER NOT NULL DEFAULT 0 CHECK (marketing IN (0, 1)),
  created_at  INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE partner_visits (
  device_id     TEXT NOT NULL,
  partner_code  TEXT NOT NULL REFERENCES partners(code),
  first_seen_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (device_id, partner_code)
);

-- Pincrux offer-wall visits: an appkey/pinkey pair seen from one device.
CREATE TABLE pincrux_visits (
  device_id     TEXT NOT NULL,
  appkey        TEXT NOT NULL,
  pinkey        TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL DEFAULT (unixepoch()),
  PRIMARY KEY (device_id, appkey)
);

INSERT INTO partners (code, name, marketing) VALUES
  ('toptoon', 'Toptoon', 1),
  ('flexfriends', 'Flex Friends', 1),
  ('campus', 'Campus Partners', 0);
