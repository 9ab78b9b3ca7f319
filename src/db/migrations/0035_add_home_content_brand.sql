-- Home content belongs to a brand: `brand` is a brand id, or '*' for content every brand shows (said outright,
-- never implied by a missing value). Rows from before served every brand, so they keep doing so until staff
-- give them a brand.
--
-- Text per locale: the Korean text stays in its columns (every brand speaks Korean, and it is what a locale
-- without its own text falls back to); `texts` holds the other locales as JSON, {"en": {"title": "...", ...}}.
-- Themes get their name here too (until now the locales named the five shipped ones), so staff can add one.
ALTER TABLE banners ADD COLUMN brand TEXT NOT NULL DEFAULT '*';
ALTER TABLE banners ADD COLUMN texts TEXT NOT NULL DEFAULT '{}';
ALTER TABLE popups ADD COLUMN brand TEXT NOT NULL DEFAULT '*';
ALTER TABLE popups ADD COLUMN texts TEXT NOT NULL DEFAULT '{}';
ALTER TABLE logos ADD COLUMN brand TEXT NOT NULL DEFAULT '*';
ALTER TABLE themes ADD COLUMN brand TEXT NOT NULL DEFAULT '*';
ALTER TABLE themes ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE themes ADD COLUMN texts TEXT NOT NULL DEFAULT '{}';

UPDATE themes SET name = '토크', texts = '{"en":{"name":"Talk"},"zh":{"name":"聊天"},"ja":{"name":"トーク"},"th":{"name":"พูดคุย"}}' WHERE code = 'talk';
UPDATE themes SET name = '게임', texts = '{"en":{"name":"Games"},"zh":{"name":"游戏"},"ja":{"name":"ゲーム"},"th":{"name":"เกม"}}' WHERE code = 'game';
UPDATE themes SET name = '음악', texts = '{"en":{"name":"Music"},"zh":{"name":"音乐"},"ja":{"name":"音楽"},"th":{"name":"ดนตรี"}}' WHERE code = 'music';
UPDATE themes SET name = '스포츠', texts = '{"en":{"name":"Sports"},"zh":{"name":"体育"},"ja":{"name":"スポーツ"},"th":{"name":"กีฬา"}}' WHERE code = 'sports';
UPDATE themes SET name = '공부', texts = '{"en":{"name":"Study"},"zh":{"name":"学习"},"ja":{"name":"勉強"},"th":{"name":"เรียน"}}' WHERE code = 'study';

CREATE INDEX banners_brand ON banners(brand, style, sort);
CREATE INDEX popups_brand ON popups(brand, starts_at);
