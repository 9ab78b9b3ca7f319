-- A channel's seats (full-room passes): at most max_viewers people watch its live at once; NULL is
-- no limit. When the live is full, only the creator and holders of an active full-room pass (room_passes,
-- 0011) get a seat. The live on air follows the channel's value at once (it is read with the stream).
ALTER TABLE channels ADD COLUMN max_viewers INTEGER CHECK (max_viewers IS NULL OR (typeof(max_viewers) = 'integer' AND max_viewers BETWEEN 1 AND 100000));
