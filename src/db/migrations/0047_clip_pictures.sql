-- A clip's picture: 1 once a copy of its stream's picture of the clip's middle is in R2 (clips/<id>/picture.jpg).
-- A clip made before its stream had pictures (or of a moment without one) has none and shows its channel's tile.
ALTER TABLE clips ADD COLUMN has_picture INTEGER NOT NULL DEFAULT 0;
