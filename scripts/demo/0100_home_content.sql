-- Home content for the demo (run by scripts/seed-demo.mjs after the demo creators and channels exist).
-- Our own art in public/banners/; every window is open (starts_at 0, no end). Idempotent: a row whose
-- image is already there is left as it is.
INSERT INTO banners (style, title, subtitle, image_url, link_url, sort, starts_at, ends_at)
  SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, 0, NULL FROM (VALUES
    ('classic', '플렉스라이브 오픈!', '지금 라이브 방송을 바로 시청해 보세요', '/banners/classic-opening.svg', '/', 1),
    ('classic', '게임 방송 모아보기', '실시간으로 즐기는 게임 크리에이터의 플레이', '/banners/classic-game.svg', '/theme/game', 2),
    ('classic', '음악이 흐르는 밤', '라이브 공연과 커버 방송을 한곳에서', '/banners/classic-music.svg', '/theme/music', 3),
    ('new', '나도 크리에이터', '채널을 만들고 내 인코더로 방송을 시작하세요', '/banners/new-creator.svg', '/caster', 1),
    ('new', '첫 방송 응원 이벤트', '첫 방송을 시작한 크리에이터에게 선물을', '/banners/new-event.svg', '/theme/talk', 2)
  ) v WHERE NOT EXISTS (SELECT 1 FROM banners b WHERE b.image_url = v.column4);

INSERT INTO popups (title, body, image_url, link_url, starts_at, ends_at)
  SELECT '오픈 기념 이벤트',
         '플렉스라이브 오픈을 기념해 이번 주 동안 모든 라이브 방송을 광고 없이 즐길 수 있습니다. 좋아하는 크리에이터를 구독하고 응원해 주세요!',
         '/banners/popup-event.svg', '/', 0, NULL
  WHERE NOT EXISTS (SELECT 1 FROM popups WHERE image_url = '/banners/popup-event.svg');

INSERT INTO logos (name, image_url, link_url, sort)
  SELECT v.column1, v.column2, v.column3, v.column4 FROM (VALUES
    ('Haneul Pay', '/banners/logo-haneul.svg', '/', 1),
    ('Dalbit Games', '/banners/logo-dalbit.svg', '/theme/game', 2),
    ('Byeol Music', '/banners/logo-byeol.svg', '/theme/music', 3)
  ) v WHERE NOT EXISTS (SELECT 1 FROM logos l WHERE l.image_url = v.column2);
