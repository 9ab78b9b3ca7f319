-- Coupons (luv granted from the promotions pool) and creators' gift presets.

-- A coupon: a code people type (stored normalized: upper case, no dashes or spaces), the luv it grants, when
-- it expires (epoch seconds) and how many members may use it (1: single-use). Each member uses it at most once.
CREATE TABLE coupons (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  code             TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 4 AND 40 AND code NOT GLOB '*[^A-Z0-9]*'),
  luv              INTEGER NOT NULL CHECK (typeof(luv) = 'integer' AND luv BETWEEN 1 AND 10000000),
  expires_at       INTEGER NOT NULL CHECK (typeof(expires_at) = 'integer'),
  max_redemptions  INTEGER NOT NULL DEFAULT 1 CHECK (typeof(max_redemptions) = 'integer' AND max_redemptions >= 1),
  redeemed_count   INTEGER NOT NULL DEFAULT 0 CHECK (redeemed_count >= 0),
  created_at       INTEGER NOT NULL DEFAULT (unixepoch()),
  -- The increment that would use a coupon once too often throws, and so undoes the whole batch it is in
  -- (the grant, the redemption): an `UPDATE ... WHERE redeemed_count < max_redemptions` would match no row,
  -- throw nothing, and let D1 commit the rest.
  CONSTRAINT coupon_exhausted CHECK (redeemed_count <= max_redemptions)
);

-- Who used which coupon: once per member (the UNIQUE throws on a second use, in parallel too).
CREATE TABLE coupon_redemptions (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  coupon_id    INTEGER NOT NULL REFERENCES coupons(id),
  member_id    INTEGER NOT NULL REFERENCES members(id),
  redeemed_at  INTEGER NOT NULL DEFAULT (unixepoch()),
  UNIQUE (coupon_id, member_id)
);

-- A redemption of an expired (or unknown) coupon throws, whatever the service read before its batch.
CREATE TRIGGER coupon_redemptions_unexpired BEFORE INSERT ON coupon_redemptions
WHEN NOT EXISTS (SELECT 1 FROM coupons WHERE id = NEW.coupon_id AND expires_at > unixepoch())
BEGIN SELECT RAISE(ABORT, 'coupon_expired'); END;

-- A creator's gift presets (the amounts the gift dialog offers): a JSON array of 1-6 distinct positive
-- integers, ascending, one row per channel. No row: the defaults (DEFAULT_PRESETS in src/shared/shop-schemas.ts).
CREATE TABLE channel_luv_presets (
  channel_id  INTEGER PRIMARY KEY REFERENCES channels(id),
  presets     TEXT NOT NULL CHECK (json_valid(presets) AND json_type(presets) = 'array' AND json_array_length(presets) BETWEEN 1 AND 6),
  updated_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
