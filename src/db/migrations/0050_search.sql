-- Search (docs/product/community.md, "Search"; why trigrams: docs/decisions.md, "Search"): one trigram FTS5 index per
-- kind of thing found. The indexes are contentless (content = ''): the words stay in their own tables, the index
-- holds only their trigrams, and a hit is the row's id. Each indexed value is the column's text followed by
-- char(31), which no text holds: every two characters of a text then begin a trigram, so a two-character query
-- is a prefix of the index's terms (found through the fts5vocab tables below, src/db/search.ts).
-- The triggers keep each index in step with its table. A contentless index forgets a row only when told the exact
-- values it indexed ('delete' with the old values), so every trigger recomputes them the same way.

CREATE VIRTUAL TABLE search_channels USING fts5(nickname, login_id, title, description, tokenize = 'trigram', content = '');
CREATE VIRTUAL TABLE search_streams USING fts5(title, tokenize = 'trigram', content = '');
CREATE VIRTUAL TABLE search_notices USING fts5(title, body, tokenize = 'trigram', content = '');
CREATE VIRTUAL TABLE search_posts USING fts5(title, body, tokenize = 'trigram', content = '');
CREATE VIRTUAL TABLE search_channels_terms USING fts5vocab(search_channels, 'row');
CREATE VIRTUAL TABLE search_streams_terms USING fts5vocab(search_streams, 'row');
CREATE VIRTUAL TABLE search_notices_terms USING fts5vocab(search_notices, 'row');
CREATE VIRTUAL TABLE search_posts_terms USING fts5vocab(search_posts, 'row');
-- Board posts' titles alone, for two-character queries: listing what a pair stands for reads each term's rows, which
-- over a million posts' bodies costs more than the whole search may (docs/decisions.md, "Search").
CREATE VIRTUAL TABLE search_post_titles USING fts5(title, tokenize = 'trigram', content = '');
CREATE VIRTUAL TABLE search_post_titles_terms USING fts5vocab(search_post_titles, 'row');
-- The lives on air alone (a few thousand rows at most, so an ordinary FTS5 table, which stores its text and forgets a
-- row by its id): each live's title, and its channel's words in one column (nickname, login ID, title, description,
-- each ended by char(31)). Lives and channels on air are found here, never by sorting every matching channel.
CREATE VIRTUAL TABLE search_lives USING fts5(title, channel, tokenize = 'trigram');
CREATE VIRTUAL TABLE search_lives_terms USING fts5vocab(search_lives, 'row');

-- A channel: its creator's nickname and login ID, its title and description.
CREATE TRIGGER search_channels_insert AFTER INSERT ON channels BEGIN
  INSERT INTO search_channels (rowid, nickname, login_id, title, description)
    SELECT new.id, m.nickname || char(31), m.login_id || char(31), new.title || char(31), new.description || char(31) FROM members m WHERE m.id = new.owner_id;
END;
CREATE TRIGGER search_channels_update AFTER UPDATE OF title, description, owner_id ON channels BEGIN
  INSERT INTO search_channels (search_channels, rowid, nickname, login_id, title, description)
    SELECT 'delete', old.id, m.nickname || char(31), m.login_id || char(31), old.title || char(31), old.description || char(31) FROM members m WHERE m.id = old.owner_id;
  INSERT INTO search_channels (rowid, nickname, login_id, title, description)
    SELECT new.id, m.nickname || char(31), m.login_id || char(31), new.title || char(31), new.description || char(31) FROM members m WHERE m.id = new.owner_id;
END;
CREATE TRIGGER search_channels_delete AFTER DELETE ON channels BEGIN
  INSERT INTO search_channels (search_channels, rowid, nickname, login_id, title, description)
    SELECT 'delete', old.id, m.nickname || char(31), m.login_id || char(31), old.title || char(31), old.description || char(31) FROM members m WHERE m.id = old.owner_id;
END;
CREATE TRIGGER search_channels_member AFTER UPDATE OF nickname, login_id ON members BEGIN
  INSERT INTO search_channels (search_channels, rowid, nickname, login_id, title, description)
    SELECT 'delete', ch.id, old.nickname || char(31), old.login_id || char(31), ch.title || char(31), ch.description || char(31) FROM channels ch WHERE ch.owner_id = old.id;
  INSERT INTO search_channels (rowid, nickname, login_id, title, description)
    SELECT ch.id, new.nickname || char(31), new.login_id || char(31), ch.title || char(31), ch.description || char(31) FROM channels ch WHERE ch.owner_id = new.id;
END;

-- A stream (a live on air or a recording): its title. Its other columns change often and are not indexed.
CREATE TRIGGER search_streams_insert AFTER INSERT ON streams BEGIN
  INSERT INTO search_streams (rowid, title) VALUES (new.id, new.title || char(31));
END;
CREATE TRIGGER search_streams_update AFTER UPDATE OF title ON streams BEGIN
  INSERT INTO search_streams (search_streams, rowid, title) VALUES ('delete', old.id, old.title || char(31));
  INSERT INTO search_streams (rowid, title) VALUES (new.id, new.title || char(31));
END;
CREATE TRIGGER search_streams_delete AFTER DELETE ON streams BEGIN
  INSERT INTO search_streams (search_streams, rowid, title) VALUES ('delete', old.id, old.title || char(31));
END;

-- A live on air, from its start to its end (ended_at set, or kind no longer 1), and its channel's words as they change.
CREATE TRIGGER search_lives_insert AFTER INSERT ON streams WHEN new.kind = 1 AND new.ended_at IS NULL BEGIN
  INSERT INTO search_lives (rowid, title, channel)
    SELECT new.id, new.title || char(31), m.nickname || char(31) || m.login_id || char(31) || ch.title || char(31) || ch.description || char(31)
    FROM channels ch JOIN members m ON m.id = ch.owner_id WHERE ch.id = new.channel_id;
END;
CREATE TRIGGER search_lives_update AFTER UPDATE OF kind, ended_at, title, channel_id ON streams BEGIN
  DELETE FROM search_lives WHERE rowid = old.id;
  INSERT INTO search_lives (rowid, title, channel)
    SELECT new.id, new.title || char(31), m.nickname || char(31) || m.login_id || char(31) || ch.title || char(31) || ch.description || char(31)
    FROM channels ch JOIN members m ON m.id = ch.owner_id WHERE ch.id = new.channel_id AND new.kind = 1 AND new.ended_at IS NULL;
END;
CREATE TRIGGER search_lives_delete AFTER DELETE ON streams BEGIN
  DELETE FROM search_lives WHERE rowid = old.id;
END;
CREATE TRIGGER search_lives_channel AFTER UPDATE OF title, description, owner_id ON channels BEGIN
  UPDATE search_lives SET channel = (SELECT m.nickname || char(31) || m.login_id || char(31) || new.title || char(31) || new.description || char(31) FROM members m WHERE m.id = new.owner_id)
    WHERE rowid IN (SELECT s.id FROM streams s WHERE s.channel_id = new.id AND s.kind = 1 AND s.ended_at IS NULL);
END;
CREATE TRIGGER search_lives_member AFTER UPDATE OF nickname, login_id ON members BEGIN
  UPDATE search_lives SET channel = (SELECT new.nickname || char(31) || new.login_id || char(31) || ch.title || char(31) || ch.description || char(31) FROM streams s JOIN channels ch ON ch.id = s.channel_id WHERE s.id = search_lives.rowid)
    WHERE rowid IN (SELECT s.id FROM streams s JOIN channels ch ON ch.id = s.channel_id WHERE ch.owner_id = new.id AND s.kind = 1 AND s.ended_at IS NULL);
END;

-- A channel's notice: its title and body.
CREATE TRIGGER search_notices_insert AFTER INSERT ON channel_notices BEGIN
  INSERT INTO search_notices (rowid, title, body) VALUES (new.id, new.title || char(31), new.body || char(31));
END;
CREATE TRIGGER search_notices_update AFTER UPDATE OF title, body ON channel_notices BEGIN
  INSERT INTO search_notices (search_notices, rowid, title, body) VALUES ('delete', old.id, old.title || char(31), old.body || char(31));
  INSERT INTO search_notices (rowid, title, body) VALUES (new.id, new.title || char(31), new.body || char(31));
END;
CREATE TRIGGER search_notices_delete AFTER DELETE ON channel_notices BEGIN
  INSERT INTO search_notices (search_notices, rowid, title, body) VALUES ('delete', old.id, old.title || char(31), old.body || char(31));
END;

-- A board post: its title and its words without markup (body_text).
CREATE TRIGGER search_posts_insert AFTER INSERT ON board_posts BEGIN
  INSERT INTO search_posts (rowid, title, body) VALUES (new.id, new.title || char(31), new.body_text || char(31));
  INSERT INTO search_post_titles (rowid, title) VALUES (new.id, new.title || char(31));
END;
CREATE TRIGGER search_posts_update AFTER UPDATE OF title, body_text ON board_posts BEGIN
  INSERT INTO search_posts (search_posts, rowid, title, body) VALUES ('delete', old.id, old.title || char(31), old.body_text || char(31));
  INSERT INTO search_posts (rowid, title, body) VALUES (new.id, new.title || char(31), new.body_text || char(31));
  INSERT INTO search_post_titles (search_post_titles, rowid, title) VALUES ('delete', old.id, old.title || char(31));
  INSERT INTO search_post_titles (rowid, title) VALUES (new.id, new.title || char(31));
END;
CREATE TRIGGER search_posts_delete AFTER DELETE ON board_posts BEGIN
  INSERT INTO search_posts (search_posts, rowid, title, body) VALUES ('delete', old.id, old.title || char(31), old.body_text || char(31));
  INSERT INTO search_post_titles (search_post_titles, rowid, title) VALUES ('delete', old.id, old.title || char(31));
END;

-- What was there before the indexes.
INSERT INTO search_channels (rowid, nickname, login_id, title, description)
  SELECT ch.id, m.nickname || char(31), m.login_id || char(31), ch.title || char(31), ch.description || char(31) FROM channels ch JOIN members m ON m.id = ch.owner_id;
INSERT INTO search_streams (rowid, title) SELECT id, title || char(31) FROM streams;
INSERT INTO search_lives (rowid, title, channel)
  SELECT s.id, s.title || char(31), m.nickname || char(31) || m.login_id || char(31) || ch.title || char(31) || ch.description || char(31)
  FROM streams s JOIN channels ch ON ch.id = s.channel_id JOIN members m ON m.id = ch.owner_id WHERE s.kind = 1 AND s.ended_at IS NULL;
INSERT INTO search_notices (rowid, title, body) SELECT id, title || char(31), body || char(31) FROM channel_notices;
INSERT INTO search_posts (rowid, title, body) SELECT id, title || char(31), body_text || char(31) FROM board_posts;
INSERT INTO search_post_titles (rowid, title) SELECT id, title || char(31) FROM board_posts;
