import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import type { AccountChange, CsPostList, Inquiry, InquiryList, Report, ReportList, StaffReportList } from '../../src/shared/cs-schemas';
import { Browser, get } from './helpers';
import { file, jpeg, pdf, svgWithScript } from './upload-fixtures';
import { expectRefused, insertChannel, json, signedIn } from './watch-fixtures';

// Customer service through the real proxy: members with cookies, the API on D1, files in R2.

function inquiryForm(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ boardType: 'QNA', categoryId: '2', title: '결제 문의', content: '결제가 두 번 되었어요.\n확인 부탁드립니다.', ...fields })) form.set(k, v);
  for (const f of files) form.append('files', f);
  return form;
}
const post = (b: Browser, path: string, form: FormData) => b.fetch(path, { method: 'POST', body: form });
const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

async function staff() {
  const member = await signedIn();
  await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(member.id).run();
  return member;
}

async function writeInquiry(b: Browser, fields: Record<string, string> = {}, files: File[] = []): Promise<Inquiry> {
  const res = await post(b, '/api/cs/inquiry-write', inquiryForm(fields, files));
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Inquiry>(res);
}

describe('inquiries', () => {
  it('a member writes one with files; staff answer; the member reads the answer', async () => {
    const a = await signedIn();
    const inquiry = await writeInquiry(a.browser, { content: 'line one\r\nline two\u202e' }, [file(jpeg(40, 30), 'shot.jpg'), file(pdf(), 'receipt.pdf')]);
    expect(inquiry).toMatchObject({ status: 'waiting', answer: null, categoryId: 2, content: 'line one\nline two', member: { loginId: a.loginId } });
    expect(inquiry.attachments.map((f) => f.contentType)).toEqual(['image/jpeg', 'application/pdf']);

    // The files are private: the public upload route knows them not; their own route serves the writer.
    const key = inquiry.attachments[0]!.key;
    expect((await get(`/api/uploads/${key}`)).status).toBe(404);
    const mine = await a.browser.fetch(inquiry.attachments[0]!.url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    const operator = await staff();
    expect((await operator.browser.fetch(inquiry.attachments[1]!.url)).status).toBe(200);
    const queue = await json<InquiryList>(await operator.browser.fetch('/api/admin/cs/inquiries?status=open&limit=50'));
    expect(queue.items.some((i) => i.id === inquiry.id)).toBe(true);
    const answered = await operator.browser.json(`/api/admin/cs/inquiries/${inquiry.id}/answer`, { answer: '환불해 드렸습니다.' }, 'PUT');
    expect(answered.status).toBe(200);

    const read = await json<Inquiry>(await a.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`));
    expect(read).toMatchObject({ status: 'answered', answer: '환불해 드렸습니다.' });
    const list = await json<InquiryList>(await a.browser.fetch('/api/cs/inquiry-list'));
    expect(list.items[0]).toMatchObject({ id: inquiry.id, status: 'answered' });
  });

  it('filters the v2 list by board type, category and title words', async () => {
    const a = await signedIn();
    await writeInquiry(a.browser, { boardType: 'QNA', categoryId: '1', title: '비밀번호 변경' });
    await writeInquiry(a.browser, { boardType: 'PROPOSAL', categoryId: '6', title: '다크 모드 100% 제안' });
    const titles = async (query: string) => (await json<InquiryList>(await a.browser.fetch(`/v2/api/cs/inquiry-list?${query}`))).items.map((i) => i.title);
    expect(await titles('boardType=PROPOSAL')).toEqual(['다크 모드 100% 제안']);
    expect(await titles('categoryId=1')).toEqual(['비밀번호 변경']);
    expect(await titles(`title=${encodeURIComponent('100%')}`)).toEqual(['다크 모드 100% 제안']);
    expect(await titles(`title=${encodeURIComponent('%')}`)).toEqual(['다크 모드 100% 제안']); // % is a character, not a wildcard
    expect((await json<InquiryList>(await a.browser.fetch('/v2/api/cs/inquiry-list?limit=1'))).total).toBe(2);
    await expectRefused(await a.browser.fetch('/v2/api/cs/inquiry-list?categoryId=9'), 400);
  });

  it('nobody else reads, opens the files of, or deletes an inquiry: another member, a guest', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const inquiry = await writeInquiry(a.browser, {}, [file(jpeg(10, 10), 'x.jpg')]);
    await expectRefused(await b.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`), 404);
    await expectRefused(await b.browser.fetch(`/api/cs/inquiry-delete/${inquiry.id}`, { method: 'DELETE' }), 404);
    await expectRefused(await b.browser.fetch(inquiry.attachments[0]!.url), 404);
    expect((await json<InquiryList>(await b.browser.fetch('/api/cs/inquiry-list'))).items).toEqual([]);
    const guest = new Browser();
    expect((await guest.fetch(`/api/cs/inquiry-detail/${inquiry.id}`)).status).toBe(401);
    expect((await guest.fetch(`/api/cs/inquiry-delete/${inquiry.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await guest.fetch(inquiry.attachments[0]!.url)).status).toBe(401);
    expect((await guest.fetch('/api/cs/inquiry-list')).status).toBe(401);
    // Still there for its writer; then the writer deletes it, with its file.
    expect((await a.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`)).status).toBe(200);
    expect((await a.browser.fetch(`/api/cs/inquiry-delete/${inquiry.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads WHERE key = ?').bind(inquiry.attachments[0]!.key).first<{ n: number }>()).toEqual({ n: 0 });
    expect(await env.UPLOADS.get(inquiry.attachments[0]!.key)).toBeNull();
  });

  it("refuses bad input, markup files and too many files in the caller's language, writing nothing", async () => {
    const a = await signedIn();
    const [inquiries, uploads] = [await count('cs_inquiries'), await count('uploads')];
    await expectRefused(await post(a.browser, '/api/cs/inquiry-write', inquiryForm({ title: '' })), 400);
    await expectRefused(await post(a.browser, '/api/cs/inquiry-write', inquiryForm({ boardType: 'FAQ' })), 400);
    const svg = await a.browser.fetch('/api/cs/inquiry-write', {
      method: 'POST',
      body: inquiryForm({}, [file(jpeg(5, 5), 'a.jpg'), file(svgWithScript(), 'b.svg')]),
      headers: { 'accept-language': 'en' },
    });
    expect(svg.status).toBe(415);
    const five = Array.from({ length: 5 }, (_, i) => file(jpeg(5, 5), `${i}.jpg`));
    await expectRefused(await post(a.browser, '/api/cs/inquiry-write', inquiryForm({}, five)), 400, ko.cs.errors.tooManyFiles);
    const text = await a.browser.fetch('/api/cs/inquiry-write', { method: 'POST', body: inquiryForm({}, [file(new TextEncoder().encode('just text'), 'a.txt')]) });
    await expectRefused(text, 415, ko.cs.errors.fileType);
    expect([await count('cs_inquiries'), await count('uploads')]).toEqual([inquiries, uploads]);
  });

  it('staff calls are for staff only', async () => {
    const a = await signedIn();
    const inquiry = await writeInquiry(a.browser);
    await expectRefused(await a.browser.json(`/api/admin/cs/inquiries/${inquiry.id}/answer`, { answer: 'self-answer' }, 'PUT'), 403);
    await expectRefused(await a.browser.fetch('/api/admin/cs/reports'), 403);
    expect((await new Browser().fetch('/api/admin/cs/inquiries')).status).toBe(401);
    expect((await json<Inquiry>(await a.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`))).answer).toBeNull();
  });
});

describe('reports', () => {
  const report = (b: Browser, fields: Record<string, string>, files: File[] = []) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ reason: 'abuse', ...fields })) form.set(k, v);
    for (const f of files) form.append('files', f);
    return b.fetch('/api/cs/declaration-post', { method: 'POST', body: form });
  };

  it("reports a channel, a chat line and a member; they reach staff's list with message reports; the reporter withdraws an open one", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const channel = await insertChannel({ ownerId: b.id });
    const onChannel = await report(a.browser, { targetType: 'channel', targetId: String(channel.id), content: '방송 내용이 불법입니다' }, [file(jpeg(20, 20), 's.jpg')]);
    expect(onChannel.status, await onChannel.clone().text()).toBe(200);
    expect(await json<Report>(onChannel)).toMatchObject({ targetType: 'channel', target: { loginId: b.loginId }, status: 'open' });
    const onChat = await json<Report>(await report(a.browser, { targetType: 'chat', targetId: b.loginId, quote: '나쁜 말', reason: 'abuse' }));
    expect(onChat).toMatchObject({ quote: '나쁜 말', target: { loginId: b.loginId } });
    const onMember = await json<Report>(await report(a.browser, { targetType: 'member', targetId: b.loginId, reason: 'impersonation' }));

    // A message report (POST /api/my/messages/declaration) shows in the same staff list.
    await b.browser.json('/api/my/messages', { loginId: a.loginId, content: 'spam spam' });
    const [message] = (await env.DB.prepare('SELECT id FROM messages WHERE receiver_id = ?').bind(a.id).all<{ id: number }>()).results;
    expect((await a.browser.json(`/api/my/messages/declaration/${message!.id}`, { reason: 'spam' })).status).toBe(200);

    const operator = await staff();
    const list = await json<StaffReportList>(await operator.browser.fetch('/api/admin/cs/reports?status=open&limit=50'));
    const mineInList = list.items.filter((r) => r.reporter.loginId === a.loginId);
    expect(mineInList.map((r) => `${r.source}:${r.targetType}`).sort()).toEqual(['cs:channel', 'cs:chat', 'cs:member', 'message:message']);
    const closed = await operator.browser.json(`/api/admin/cs/reports/cs/${onChat.id}/close`, {}, 'PUT');
    expect(closed.status).toBe(200);

    const own = await json<ReportList>(await a.browser.fetch('/api/cs/declaration-list'));
    expect(own.items.find((r) => r.source === 'cs' && r.id === onChat.id)?.status).toBe('closed');
    await expectRefused(await a.browser.fetch(`/api/cs/declaration-delete/${onChat.id}`, { method: 'DELETE' }), 409);
    expect((await a.browser.fetch(`/api/cs/declaration-delete/${onMember.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await json<ReportList>(await a.browser.fetch('/api/cs/declaration-list'))).items.map((r) => `${r.source}:${r.id}`)).not.toContain(`cs:${onMember.id}`);
  });

  it("every kind of report a member makes is in their own list, newest first, with its kind and state, and in staff's queue", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const channel = await insertChannel({ ownerId: b.id });
    const form = new FormData();
    for (const [k, v] of Object.entries({ channelId: String(channel.id), category: 'free', title: '글', body: '<p>본문</p>' })) form.set(k, v);
    const { boardId } = await json<{ boardId: number }>(await b.browser.fetch('/api/cs/board-write', { method: 'POST', body: form }));
    const kinds: Record<string, string>[] = [
      { targetType: 'channel', targetId: String(channel.id) },
      { targetType: 'chat', targetId: b.loginId, quote: '나쁜 말' },
      { targetType: 'member', targetId: b.loginId },
      { targetType: 'board', targetId: String(boardId) },
    ];
    for (const fields of kinds) {
      const filed = await report(a.browser, fields);
      expect(filed.status, await filed.clone().text()).toBe(200);
    }
    expect((await b.browser.json('/api/my/messages', { loginId: a.loginId, content: '광고 쪽지' })).status).toBe(200);
    const message = (await env.DB.prepare('SELECT id FROM messages WHERE receiver_id = ?').bind(a.id).first<{ id: number }>())!;
    const reported = await json<{ reportId: number }>(await a.browser.json(`/api/my/messages/declaration/${message.id}`, { reason: '계속 광고를 보내요' }));

    const { nickname } = (await env.DB.prepare('SELECT nickname FROM members WHERE id = ?').bind(b.id).first<{ nickname: string }>())!;
    const own = async () => json<ReportList>(await a.browser.fetch('/api/cs/declaration-list'));
    const mine = await own();
    expect(mine.total).toBe(5);
    expect(mine.items.map((r) => `${r.targetType}:${r.status}`)).toEqual(['message:open', 'board:open', 'member:open', 'chat:open', 'channel:open']);
    expect(mine.items[0]).toEqual({
      source: 'message',
      id: reported.reportId,
      targetType: 'message',
      targetId: String(message.id),
      target: { loginId: b.loginId, nickname },
      reason: 'other',
      content: '계속 광고를 보내요',
      quote: '광고 쪽지',
      status: 'open',
      createdAt: expect.any(Number),
      attachments: [],
    });
    // Paged across both kinds of report.
    const second = await json<ReportList>(await a.browser.fetch('/api/cs/declaration-list?offset=1&limit=2'));
    expect(second.items.map((r) => r.targetType)).toEqual(['board', 'member']);

    const operator = await staff();
    const queue = await json<StaffReportList>(await operator.browser.fetch('/api/admin/cs/reports?status=open&limit=50'));
    expect(queue.items.filter((r) => r.reporter.loginId === a.loginId).map((r) => r.targetType)).toEqual(['message', 'board', 'member', 'chat', 'channel']);
    expect((await operator.browser.json(`/api/admin/cs/reports/message/${reported.reportId}/close`, {}, 'PUT')).status).toBe(200);
    expect((await own()).items.map((r) => `${r.targetType}:${r.status}`)).toEqual(['message:closed', 'board:open', 'member:open', 'chat:open', 'channel:open']);

    // The member's page says what each is about and where it stands.
    const page = await (await a.browser.fetch('/cs/reports')).text();
    expect(page).toContain(ko.cs.report.about.message.replace('{{name}}', nickname));
    expect(page).toContain(ko.cs.report.status.closed);
  });

  it('nobody else reads or withdraws a report; the reported member never sees it', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const filed = await json<Report>(await report(a.browser, { targetType: 'member', targetId: b.loginId }, [file(jpeg(8, 8), 'e.jpg')]));
    expect((await json<ReportList>(await b.browser.fetch('/api/cs/declaration-list'))).items).toEqual([]);
    await expectRefused(await b.browser.fetch(`/api/cs/declaration-delete/${filed.id}`, { method: 'DELETE' }), 404);
    await expectRefused(await b.browser.fetch(filed.attachments[0]!.url), 404);
    const guest = new Browser();
    expect((await guest.fetch('/api/cs/declaration-list')).status).toBe(401);
    expect((await guest.fetch(`/api/cs/declaration-delete/${filed.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await json<ReportList>(await a.browser.fetch('/api/cs/declaration-list'))).items.map((r) => r.id)).toEqual([filed.id]);
  });

  it("reports a board post about its author; an unknown post is not found, one's own post is refused", async () => {
    const [author, reader] = [await signedIn(), await signedIn()];
    const channel = await insertChannel({ ownerId: author.id });
    const form = new FormData();
    for (const [k, v] of Object.entries({ channelId: String(channel.id), category: 'free', title: '신고될 글', body: '<p>본문</p>' })) form.set(k, v);
    const written = await author.browser.fetch('/api/cs/board-write', { method: 'POST', body: form });
    expect(written.status, await written.clone().text()).toBe(200);
    const { boardId } = (await written.json()) as { boardId: number };
    const filed = await json<Report>(await report(reader.browser, { targetType: 'board', targetId: String(boardId), reason: 'spam' }));
    expect(filed).toMatchObject({ targetType: 'board', target: { loginId: author.loginId } });
    await expectRefused(await report(reader.browser, { targetType: 'board', targetId: '99999999' }), 404, ko.cs.errors.targetNotFound);
    await expectRefused(await report(author.browser, { targetType: 'board', targetId: String(boardId) }), 400, ko.cs.errors.reportSelf);
  });

  it('refuses reporting oneself, unknown targets and a chat line without its words', async () => {
    const a = await signedIn();
    const before = await count('cs_reports');
    await expectRefused(await report(a.browser, { targetType: 'member', targetId: a.loginId }), 400, ko.cs.errors.reportSelf);
    await expectRefused(await report(a.browser, { targetType: 'member', targetId: 'nobody_here_x' }), 404, ko.cs.errors.targetNotFound);
    await expectRefused(await report(a.browser, { targetType: 'channel', targetId: '99999999' }), 404);
    await expectRefused(await report(a.browser, { targetType: 'chat', targetId: 'nobody_here_z', quote: '안녕' }), 404, ko.cs.errors.targetNotFound);
    const other = await signedIn();
    await expectRefused(await report(a.browser, { targetType: 'chat', targetId: other.loginId }), 400, ko.cs.errors.quoteMissing);
    await expectRefused(await report(a.browser, { targetType: 'member', targetId: 'x', reason: 'boring' }), 400);
    expect(await count('cs_reports')).toBe(before);
  });
});

describe('account change requests', () => {
  it('a member asks; staff decide with a note; the member reads it', async () => {
    const a = await signedIn();
    const form = new FormData();
    form.set('kind', 'name');
    form.set('content', '개명했습니다: 김하늘 → 김하린');
    form.append('files', file(pdf(), 'court.pdf'));
    const res = await a.browser.fetch('/api/cs/accountChange', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const change = await json<AccountChange>(res);
    expect(change).toMatchObject({ kind: 'name', status: 'open', attachments: [{ contentType: 'application/pdf' }] });
    const operator = await staff();
    const decided = await operator.browser.json(`/api/admin/cs/account-changes/${change.id}`, { status: 'done', note: '변경했습니다.' }, 'PUT');
    expect(decided.status).toBe(200);
    await expectRefused(await operator.browser.json(`/api/admin/cs/account-changes/${change.id}`, { status: 'rejected' }, 'PUT'), 404); // decided once
    const mine = await json<{ items: AccountChange[] }>(await a.browser.fetch('/api/cs/accountChange-list'));
    expect(mine.items[0]).toMatchObject({ id: change.id, status: 'done', note: '변경했습니다.' });
    const b = await signedIn();
    expect((await json<{ items: AccountChange[] }>(await b.browser.fetch('/api/cs/accountChange-list'))).items).toEqual([]);
  });
});

describe('notices, developer notices and guides', () => {
  it("answers the caller's language, else Korean, with a title search; staff write more", async () => {
    const list = async (path: string, locale: string) => json<CsPostList>(await get(path, { headers: { 'accept-language': locale } }));
    const koNotices = await list('/api/cs/notice-list', 'ko');
    expect(koNotices.items.map((p) => p.title)).toContain('고객센터를 열었습니다');
    const enNotices = await list('/api/cs/notice-list', 'en');
    expect(enNotices.items.map((p) => p.title)).toContain('Customer service is open');
    expect((await list('/api/cs/guide-list?title=inquiry', 'en')).items.map((p) => p.title)).toEqual(['How to send an inquiry']);
    expect((await list('/api/cs/develop-notice-list', 'ja')).items[0]!.locale).toBe('ja');

    const operator = await staff();
    const written = await operator.browser.json('/api/admin/cs/posts', { kind: 'notice', locale: 'ko', title: '점검 안내', body: '새벽 2시에 점검합니다.' });
    expect(written.status).toBe(200);
    const { id } = await json<{ id: number }>(written);
    // Only Korean so far: an English reader gets the Korean text.
    expect((await list('/api/cs/notice-list?title=%EC%A0%90%EA%B2%80', 'en')).items).toMatchObject([{ id, locale: 'ko' }]);
    await operator.browser.json('/api/admin/cs/posts', { postId: id, kind: 'notice', locale: 'en', title: 'Maintenance', body: 'At 2 a.m.' });
    expect(await json(await get(`/api/cs/post-detail/${id}`, { headers: { 'accept-language': 'en' } }))).toMatchObject({ title: 'Maintenance', locale: 'en' });
    const member = await signedIn();
    await expectRefused(await member.browser.json('/api/admin/cs/posts', { kind: 'notice', title: 'x', body: 'y' }), 403);
    expect((await operator.browser.fetch(`/api/admin/cs/posts/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await get(`/api/cs/post-detail/${id}`)).status).toBe(404);
  });
});

describe('pages and policies', () => {
  it('renders the notice list for guests and sends guests from the desk to sign-in', async () => {
    const page = await get('/cs/notices', { headers: { 'accept-language': 'ko' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('고객센터를 열었습니다');
    expect((await get('/cs/inquiries')).status).toBe(302);
  });

  it('shows each policy as a page: the footer links the terms, whose page links the others', async () => {
    const home = await (await get('/', { headers: { 'accept-language': 'ko' } })).text();
    expect(home).toContain('href="/policies/service-rules"');
    expect(home).toContain('href="/cs/notices"');
    const page = await get('/policies/youth-protection', { headers: { 'accept-language': 'ko' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('청소년 보호정책');
    for (const file of ['service-rules', 'privacy-rules', 'youth-protection', 'operating-policy']) expect(html).toContain(`href="/policies/${file}"`);
    expect((await get('/policies/no-such-policy')).status).toBe(404);
  });

  it('serves youth protection and operating policy texts: English where translated, Korean otherwise', async () => {
    const en_ = await json<{ title: string; locale: string }>(await get('/static/youth-protection', { headers: { 'accept-language': 'en' } }));
    expect(en_).toMatchObject({ locale: 'en' });
    expect(en_.title).toContain('Youth Protection Policy');
    const th = await get('/static/operating-policy', { headers: { 'accept-language': 'th' } });
    expect(th.headers.get('content-type')).toContain('application/json');
    const body = await json<{ title: string; locale: string }>(th);
    expect(body.locale).toBe('ko');
    expect(body.title).toContain('운영정책');
    expect(en.cs.title).toBe('Customer service');
  });
});
