-- Customer service (docs/product/community.md): members' inquiries and the operator's answers,
-- reports (declarations) of channels, chat lines, members and board posts, account change requests, their
-- attached files (uploads kept private: only the writer and staff read them), and the platform's notices,
-- developer notices and guides in each language.

CREATE TABLE cs_inquiries (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id    INTEGER NOT NULL REFERENCES members(id),
  board_type   TEXT NOT NULL CHECK (board_type IN ('QNA', 'PROPOSAL')),
  category_id  INTEGER NOT NULL CHECK (category_id BETWEEN 1 AND 6),
  title        TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  content      TEXT NOT NULL CHECK (length(content) BETWEEN 1 AND 3000),
  answer       TEXT CHECK (answer IS NULL OR length(answer) BETWEEN 1 AND 3000),
  answered_by  INTEGER REFERENCES members(id),
  answered_at  INTEGER,                                 -- ms
  created_at   INTEGER NOT NULL,                        -- ms
  CHECK ((answer IS NULL) = (answered_at IS NULL))
);
CREATE INDEX cs_inquiries_member ON cs_inquiries(member_id, id);
CREATE INDEX cs_inquiries_waiting ON cs_inquiries(answered_at, id);

CREATE TABLE cs_reports (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter_id       INTEGER NOT NULL REFERENCES members(id),
  target_type       TEXT NOT NULL CHECK (target_type IN ('channel', 'chat', 'member', 'board')),
  target_id         TEXT NOT NULL CHECK (length(target_id) BETWEEN 1 AND 60),
  target_member_id  INTEGER REFERENCES members(id),      -- who is reported, when the target names one
  reason            TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'sexual', 'illegal', 'impersonation', 'other')),
  content           TEXT NOT NULL CHECK (length(content) <= 1000),
  quote             TEXT CHECK (quote IS NULL OR length(quote) <= 500), -- a chat line's words as the reporter saw them
  status            TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  handled_by        INTEGER REFERENCES members(id),
  handled_at        INTEGER,
  created_at        INTEGER NOT NULL,
  CHECK (target_member_id IS NULL OR target_member_id <> reporter_id)
);
CREATE INDEX cs_reports_reporter ON cs_reports(reporter_id, id);
CREATE INDEX cs_reports_status ON cs_reports(status, id);

CREATE TABLE cs_account_changes (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id   INTEGER NOT NULL REFERENCES members(id),
  kind        TEXT NOT NULL CHECK (kind IN ('name', 'phone', 'birthday', 'gender', 'other')),
  content     TEXT NOT NULL CHECK (length(content) BETWEEN 1 AND 1000),
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'rejected')),
  note        TEXT CHECK (note IS NULL OR length(note) <= 1000), -- the operator's words to the member
  handled_by  INTEGER REFERENCES members(id),
  handled_at  INTEGER,
  created_at  INTEGER NOT NULL
);
CREATE INDEX cs_account_changes_member ON cs_account_changes(member_id, id);
CREATE INDEX cs_account_changes_status ON cs_account_changes(status, id);

-- Files attached to an inquiry, a report or an account change request, in order. The upload's purpose
-- (cs-inquiry, cs-report, cs-account-change) keeps it off the public /api/uploads route.
CREATE TABLE cs_attachments (
  owner_kind  TEXT NOT NULL CHECK (owner_kind IN ('inquiry', 'report', 'account-change')),
  owner_row   INTEGER NOT NULL,
  position    INTEGER NOT NULL CHECK (position >= 0),
  upload_key  TEXT NOT NULL UNIQUE REFERENCES uploads(key),
  PRIMARY KEY (owner_kind, owner_row, position)
);

-- Platform notices, developer notices and guides; their words per language (ko is the binding text and
-- the fallback). Written by staff.
CREATE TABLE cs_posts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kind        TEXT NOT NULL CHECK (kind IN ('notice', 'develop-notice', 'guide')),
  author_id   INTEGER REFERENCES members(id),            -- null: shipped with the service
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX cs_posts_kind ON cs_posts(kind, id);
CREATE TABLE cs_post_texts (
  post_id  INTEGER NOT NULL REFERENCES cs_posts(id) ON DELETE CASCADE,
  locale   TEXT NOT NULL CHECK (locale IN ('ko', 'en', 'zh', 'ja', 'th')),
  title    TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  body     TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  PRIMARY KEY (post_id, locale)
);

-- What the service ships with: two notices, a developer notice and two guides, in every language.
INSERT INTO cs_posts (id, kind, created_at, updated_at) VALUES
  (1, 'notice', 1763942400000, 1763942400000),
  (2, 'notice', 1764028800000, 1764028800000),
  (3, 'develop-notice', 1764028800000, 1764028800000),
  (4, 'guide', 1763942400000, 1763942400000),
  (5, 'guide', 1763942400000, 1763942400000);

INSERT INTO cs_post_texts (post_id, locale, title, body) VALUES
  (1, 'ko', '고객센터를 열었습니다', '이제 고객센터에서 1:1 문의를 남기고 답변을 받을 수 있습니다.
문의에는 사진이나 PDF 파일을 4개까지 첨부할 수 있으며, 첨부 파일은 작성자와 운영자만 볼 수 있습니다.
운영 시간(평일 10:00~18:00)에 순서대로 답변해 드립니다.'),
  (1, 'en', 'Customer service is open', 'You can now send us a one-to-one inquiry from the customer service page and read our answer there.
An inquiry may carry up to 4 images or PDF files; only you and our operators can open them.
We answer in order during business hours (weekdays 10:00-18:00 KST).'),
  (1, 'zh', '客服中心已开通', '现在可以在客服中心提交一对一咨询并查看回复。
每条咨询最多可附加 4 张图片或 PDF 文件,附件仅本人和运营人员可见。
我们会在工作时间(工作日 10:00~18:00,韩国时间)依次回复。'),
  (1, 'ja', 'カスタマーサービスを開設しました', 'カスタマーサービスから1対1のお問い合わせを送り、回答を確認できるようになりました。
お問い合わせには画像またはPDFファイルを4つまで添付でき、添付ファイルはご本人と運営者のみが閲覧できます。
営業時間(平日10:00~18:00 韓国時間)に順番に回答いたします。'),
  (1, 'th', 'เปิดศูนย์บริการลูกค้าแล้ว', 'ตอนนี้คุณสามารถส่งคำถามแบบตัวต่อตัวจากหน้าศูนย์บริการลูกค้าและอ่านคำตอบได้ที่นั่น
แนบรูปภาพหรือไฟล์ PDF ได้สูงสุด 4 ไฟล์ต่อคำถาม มีเพียงคุณและผู้ดูแลระบบเท่านั้นที่เปิดดูได้
เราจะตอบตามลำดับในเวลาทำการ (วันจันทร์-ศุกร์ 10:00-18:00 เวลาเกาหลี)'),
  (2, 'ko', '신고 기능 안내', '채널, 채팅 메시지, 회원, 게시글을 보이는 곳에서 바로 신고할 수 있습니다.
신고 내용은 운영자가 확인한 뒤 운영정책에 따라 조치하며, 신고한 사람의 정보는 신고 대상에게 알리지 않습니다.
내가 한 신고는 고객센터의 ''내 신고'' 에서 확인하고, 처리 전이라면 취소할 수 있습니다.'),
  (2, 'en', 'Reporting abuse', 'You can report a channel, a chat message, a member or a board post right where it is shown.
Our operators review every report and act under the operating policy; the person reported is never told who reported them.
Your reports are listed under ''My reports'' in customer service, where you can withdraw one before it is handled.'),
  (2, 'zh', '举报功能说明', '可以在频道、聊天消息、会员和帖子显示的位置直接举报。
运营人员会审核每一条举报并依据运营政策处理,被举报者不会得知举报人的信息。
您提交的举报可在客服中心的"我的举报"中查看,处理前可以撤回。'),
  (2, 'ja', '通報機能のご案内', 'チャンネル、チャットメッセージ、会員、掲示板の投稿は、表示されている場所からそのまま通報できます。
通報は運営者が確認し、運営ポリシーに従って対応します。通報した方の情報が通報対象に伝わることはありません。
ご自身の通報はカスタマーサービスの「自分の通報」で確認でき、処理前であれば取り消せます。'),
  (2, 'th', 'วิธีการรายงาน', 'คุณสามารถรายงานช่อง ข้อความแชท สมาชิก หรือโพสต์ในบอร์ดได้ทันทีจากที่ที่แสดงอยู่
ผู้ดูแลระบบจะตรวจสอบทุกรายงานและดำเนินการตามนโยบายการให้บริการ ผู้ถูกรายงานจะไม่ทราบว่าใครเป็นผู้รายงาน
รายงานของคุณจะแสดงใน "รายงานของฉัน" ในศูนย์บริการลูกค้า และสามารถยกเลิกได้ก่อนได้รับการดำเนินการ'),
  (3, 'ko', 'API 문서 공개: /openapi.json', '앱과 외부 서비스 개발자를 위해 API 명세를 OpenAPI 3.1 형식으로 /openapi.json 에 공개했습니다.
사람이 읽기 쉬운 문서는 /docs/api 에서 볼 수 있습니다.
고객센터 API(문의, 공지, 가이드, 신고, 계정 변경 요청)도 같은 문서에 포함되어 있습니다.'),
  (3, 'en', 'API reference published: /openapi.json', 'For app and partner developers, the API contract is published as OpenAPI 3.1 at /openapi.json.
A readable reference is at /docs/api.
The customer service calls (inquiries, notices, guides, reports, account change requests) are in the same document.'),
  (3, 'zh', 'API 文档已公开:/openapi.json', '为方便应用和合作方开发者,API 规范以 OpenAPI 3.1 格式发布在 /openapi.json。
易读版本请访问 /docs/api。
客服相关接口(咨询、公告、指南、举报、账户变更申请)也包含在同一文档中。'),
  (3, 'ja', 'API仕様を公開しました: /openapi.json', 'アプリおよびパートナー開発者向けに、API仕様をOpenAPI 3.1形式で /openapi.json に公開しました。
読みやすいリファレンスは /docs/api にあります。
カスタマーサービスのAPI(お問い合わせ、お知らせ、ガイド、通報、アカウント変更申請)も同じ文書に含まれています。'),
  (3, 'th', 'เผยแพร่เอกสาร API แล้ว: /openapi.json', 'สำหรับนักพัฒนาแอปและพาร์ทเนอร์ สัญญา API เผยแพร่ในรูปแบบ OpenAPI 3.1 ที่ /openapi.json
เอกสารอ่านง่ายอยู่ที่ /docs/api
API ของศูนย์บริการลูกค้า (คำถาม ประกาศ คู่มือ รายงาน คำขอเปลี่ยนข้อมูลบัญชี) อยู่ในเอกสารเดียวกัน'),
  (4, 'ko', '1:1 문의 작성 방법', '1. 고객센터에서 ''1:1 문의'' 를 엽니다.
2. 문의 종류와 분류를 고르고 제목과 내용을 적습니다. 화면 캡처가 있으면 첨부해 주세요.
3. 답변이 등록되면 문의 목록에 ''답변 완료'' 가 표시되고, 문의를 열어 답변을 읽을 수 있습니다.
답변 전의 문의는 삭제한 뒤 다시 작성할 수 있습니다.'),
  (4, 'en', 'How to send an inquiry', '1. Open ''One-to-one inquiry'' in customer service.
2. Choose the type and category, then write a title and your question. Attach a screenshot if you have one.
3. When we answer, the inquiry shows ''Answered'' in your list; open it to read the answer.
You may delete an inquiry and write it again.'),
  (4, 'zh', '如何提交一对一咨询', '1. 在客服中心打开"一对一咨询"。
2. 选择咨询类型和分类,填写标题和内容。如有截图请一并附上。
3. 回复后,咨询列表中会显示"已回复",打开咨询即可查看回复。
咨询可以删除后重新提交。'),
  (4, 'ja', '1対1お問い合わせの方法', '1. カスタマーサービスで「1対1お問い合わせ」を開きます。
2. 種類と分類を選び、件名と内容を入力します。スクリーンショットがあれば添付してください。
3. 回答が登録されると一覧に「回答済み」と表示され、お問い合わせを開くと回答を読めます。
お問い合わせは削除して書き直すことができます。'),
  (4, 'th', 'วิธีส่งคำถามแบบตัวต่อตัว', '1. เปิด "คำถามแบบตัวต่อตัว" ในศูนย์บริการลูกค้า
2. เลือกประเภทและหมวดหมู่ แล้วเขียนหัวข้อและคำถาม แนบภาพหน้าจอหากมี
3. เมื่อเราตอบแล้ว รายการจะแสดง "ตอบแล้ว" เปิดคำถามเพื่ออ่านคำตอบ
คุณสามารถลบคำถามแล้วเขียนใหม่ได้'),
  (5, 'ko', '계정 정보 변경 요청', '개명, 휴대폰 번호 변경 등으로 본인인증 정보와 계정 정보가 달라졌다면 고객센터의 ''계정 변경 요청'' 을 이용해 주세요.
변경할 항목과 사유를 적고, 확인에 필요한 서류(주민등록번호 뒷자리 등 민감한 정보는 가린 사본)를 첨부하면 운영자가 확인 후 처리합니다.
처리 결과는 같은 화면에서 확인할 수 있습니다.'),
  (5, 'en', 'Changing your account details', 'If your legal name or phone number changed and no longer matches your verified details, use ''Account change request'' in customer service.
Say what should change and why, and attach a document that shows it (with sensitive numbers covered); an operator checks it and makes the change.
The outcome is shown on the same page.'),
  (5, 'zh', '申请变更账户信息', '如因改名、更换手机号等原因导致实名信息与账户信息不一致,请使用客服中心的"账户变更申请"。
填写需要变更的项目和原因,并附上证明材料(请遮盖敏感号码),运营人员确认后为您处理。
处理结果可在同一页面查看。'),
  (5, 'ja', 'アカウント情報の変更申請', '改名や電話番号の変更などで本人確認情報とアカウント情報が一致しなくなった場合は、カスタマーサービスの「アカウント変更申請」をご利用ください。
変更する項目と理由を記入し、確認に必要な書類(機微な番号は隠した写し)を添付すると、運営者が確認のうえ対応します。
結果は同じ画面で確認できます。'),
  (5, 'th', 'การขอเปลี่ยนข้อมูลบัญชี', 'หากชื่อตามกฎหมายหรือเบอร์โทรศัพท์ของคุณเปลี่ยนและไม่ตรงกับข้อมูลที่ยืนยันตัวตนไว้ โปรดใช้ "คำขอเปลี่ยนข้อมูลบัญชี" ในศูนย์บริการลูกค้า
ระบุสิ่งที่ต้องการเปลี่ยนและเหตุผล พร้อมแนบเอกสารยืนยัน (ปิดบังหมายเลขที่ละเอียดอ่อน) ผู้ดูแลระบบจะตรวจสอบและดำเนินการให้
ผลการดำเนินการจะแสดงในหน้าเดียวกัน');
