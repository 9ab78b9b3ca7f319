-- Home content for the demo (run by scripts/seed-demo.mjs after the demo creators and channels exist).
-- Our own art in public/banners/; every window is open (starts_at 0, no end). Each brand opens with its own
-- banner and popup, naming itself; the theme banners, the promo cards and the partner logos are every brand's
-- ('*'). Korean in the columns, the other locales in `texts`. Idempotent: a row whose image is already there
-- for that brand is left as it is.

-- Before brands, the opening banner and popup named one site on every brand: the demo's own rows go.
DELETE FROM banners WHERE brand = '*' AND image_url = '/banners/classic-opening.svg';
DELETE FROM popups WHERE brand = '*' AND image_url = '/banners/popup-event.svg';

WITH brands(id, name) AS (VALUES ('flex', 'FlexTV'), ('flexplus', 'FlexPlus'), ('shell', '조개TV'), ('bread', '빵TV'), ('nest', '둥지TV'), ('live', 'LiveOn'))
INSERT INTO banners (brand, style, title, subtitle, image_url, link_url, sort, starts_at, ends_at, texts)
  SELECT b.id, 'classic', b.name || ' 오픈!', '지금 라이브 방송을 바로 시청해 보세요', '/banners/classic-opening.svg', '/', 1, 0, NULL,
         json_object(
           'en', json_object('title', b.name || ' is open!', 'subtitle', 'Watch live broadcasts right now'),
           'zh', json_object('title', b.name || ' 正式上线！', 'subtitle', '现在就来观看直播吧'),
           'ja', json_object('title', b.name || ' オープン！', 'subtitle', '今すぐライブ配信を見てみましょう'),
           'th', json_object('title', b.name || ' เปิดแล้ว!', 'subtitle', 'ดูการถ่ายทอดสดได้เลยตอนนี้'))
  FROM brands b WHERE NOT EXISTS (SELECT 1 FROM banners x WHERE x.image_url = '/banners/classic-opening.svg' AND x.brand = b.id);

INSERT INTO banners (brand, style, title, subtitle, image_url, link_url, sort, starts_at, ends_at, texts)
  SELECT '*', v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, 0, NULL, v.column7 FROM (VALUES
    ('classic', '게임 방송 모아보기', '실시간으로 즐기는 게임 크리에이터의 플레이', '/banners/classic-game.svg', '/theme/game', 2,
      '{"en":{"title":"All the game streams","subtitle":"Game creators playing live"},"zh":{"title":"游戏直播合集","subtitle":"实时观看游戏主播的精彩操作"},"ja":{"title":"ゲーム配信まとめ","subtitle":"ゲームクリエイターのプレイをリアルタイムで"},"th":{"title":"รวมไลฟ์เกม","subtitle":"ดูครีเอเตอร์สายเกมเล่นสด ๆ"}}'),
    ('classic', '음악이 흐르는 밤', '라이브 공연과 커버 방송을 한곳에서', '/banners/classic-music.svg', '/theme/music', 3,
      '{"en":{"title":"A night of music","subtitle":"Live shows and covers in one place"},"zh":{"title":"音乐之夜","subtitle":"现场演出和翻唱直播尽在这里"},"ja":{"title":"音楽が流れる夜","subtitle":"ライブ公演とカバー配信をひとつの場所で"},"th":{"title":"ค่ำคืนแห่งเสียงเพลง","subtitle":"การแสดงสดและคัฟเวอร์รวมไว้ที่เดียว"}}'),
    ('new', '나도 크리에이터', '채널을 만들고 내 인코더로 방송을 시작하세요', '/banners/new-creator.svg', '/caster', 1,
      '{"en":{"title":"Become a creator","subtitle":"Make a channel and go live with your own encoder"},"zh":{"title":"我也是主播","subtitle":"创建频道，用自己的编码器开始直播"},"ja":{"title":"クリエイターになろう","subtitle":"チャンネルを作って自分のエンコーダーで配信を始めましょう"},"th":{"title":"มาเป็นครีเอเตอร์","subtitle":"สร้างช่องแล้วเริ่มไลฟ์ด้วยเอ็นโค้ดเดอร์ของคุณ"}}'),
    ('new', '첫 방송 응원 이벤트', '첫 방송을 시작한 크리에이터에게 선물을', '/banners/new-event.svg', '/theme/talk', 2,
      '{"en":{"title":"Cheer a first broadcast","subtitle":"Send a gift to creators on their first live"},"zh":{"title":"首播应援活动","subtitle":"为第一次直播的主播送上礼物"},"ja":{"title":"初配信応援イベント","subtitle":"初めて配信するクリエイターにギフトを"},"th":{"title":"กิจกรรมเชียร์ไลฟ์แรก","subtitle":"ส่งของขวัญให้ครีเอเตอร์ที่เพิ่งเริ่มไลฟ์ครั้งแรก"}}')
  ) v WHERE NOT EXISTS (SELECT 1 FROM banners b WHERE b.image_url = v.column4);

WITH brands(id, name) AS (VALUES ('flex', 'FlexTV'), ('flexplus', 'FlexPlus'), ('shell', '조개TV'), ('bread', '빵TV'), ('nest', '둥지TV'), ('live', 'LiveOn'))
INSERT INTO popups (brand, title, body, image_url, link_url, starts_at, ends_at, texts)
  SELECT b.id, '오픈 기념 이벤트',
         b.name || ' 오픈을 기념해 이번 주 동안 모든 라이브 방송을 광고 없이 즐길 수 있습니다. 좋아하는 크리에이터를 구독하고 응원해 주세요!',
         '/banners/popup-event.svg', '/', 0, NULL,
         json_object(
           'en', json_object('title', 'Opening event', 'body', 'To celebrate the opening of ' || b.name || ', every live broadcast is ad-free this week. Subscribe to your favourite creators and cheer them on!'),
           'zh', json_object('title', '开业纪念活动', 'body', '为庆祝 ' || b.name || ' 上线，本周所有直播均无广告。订阅并支持你喜欢的主播吧！'),
           'ja', json_object('title', 'オープン記念イベント', 'body', b.name || ' のオープンを記念して、今週はすべてのライブ配信を広告なしでお楽しみいただけます。好きなクリエイターを登録して応援しましょう！'),
           'th', json_object('title', 'กิจกรรมฉลองเปิดตัว', 'body', 'ฉลองการเปิดตัว ' || b.name || ' สัปดาห์นี้ดูไลฟ์ทุกช่องได้โดยไม่มีโฆษณา กดติดตามและเชียร์ครีเอเตอร์ที่คุณชอบกันเลย!'))
  FROM brands b WHERE NOT EXISTS (SELECT 1 FROM popups p WHERE p.image_url = '/banners/popup-event.svg' AND p.brand = b.id);

INSERT INTO logos (brand, name, image_url, link_url, sort)
  SELECT '*', v.column1, v.column2, v.column3, v.column4 FROM (VALUES
    ('Haneul Pay', '/banners/logo-haneul.svg', '/', 1),
    ('Dalbit Games', '/banners/logo-dalbit.svg', '/theme/game', 2),
    ('Byeol Music', '/banners/logo-byeol.svg', '/theme/music', 3)
  ) v WHERE NOT EXISTS (SELECT 1 FROM logos l WHERE l.image_url = v.column2);
