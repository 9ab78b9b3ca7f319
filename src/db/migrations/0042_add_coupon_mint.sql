-- The staff mint each coupon came from: one id a mint, the target of its row in the staff audit log (coupon.mint),
-- so who made a code, and when, is one lookup away. NULL for coupons minted before mints were recorded.
ALTER TABLE coupons ADD COLUMN mint_id TEXT;
CREATE INDEX coupons_mint ON coupons(mint_id);
