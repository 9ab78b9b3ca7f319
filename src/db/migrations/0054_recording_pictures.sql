-- A recording's own picture: the stretch (epoch ms, its file name in the stream's pictures folder) of the one chosen
-- when the live ended, from its middle. Null: none chosen (no pictures came, or a recording older than this). Until
-- now a recording's card showed its channel's newest picture, which is the next live's once there is one.
ALTER TABLE streams ADD COLUMN picture_at INTEGER;
