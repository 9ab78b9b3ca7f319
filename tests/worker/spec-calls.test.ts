import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LiveTimeResponse, ViewMainResponse } from '../../src/shared/streams-api';
import type { NewBoardResponse } from '../../src/shared/board-schemas';
import { get } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, json, liveChannel } from './watch-fixtures';

// The calls as the published contract writes them: its spellings and parameters answer, not 400.

beforeEach(clearWatchTables);

describe('device values (PCWEB, MOBILEWEB as the web client sends them, and PC, MOBILE_WEB, APP, UNKNOWN)', () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM themes WHERE code IN ('pc_only', 'mobile_only')").run();
    await env.DB.prepare("INSERT INTO themes (code, sort, device) VALUES ('pc_only', 9, 'PC'), ('mobile_only', 9, 'MOBILE')").run();
  });

  it('reads PCWEB as PC and MOBILEWEB as MOBILE_WEB on themes and view-main', async () => {
    const themes = async (path: string) => (await json<{ items: { code: string }[] }>(await get(path))).items.map((t) => t.code);
    const mainThemes = async (device: string) => (await json<ViewMainResponse>(await get(`/api/my/view-main?device=${device}`))).themes.map((t) => t.code);
    for (const [web, device] of [
      ['PCWEB', 'PC'],
      ['MOBILEWEB', 'MOBILE_WEB'],
    ]) {
      expect(await themes(`/api/guest/themes?device=${web}`)).toEqual(await themes(`/api/guest/themes?device=${device}`));
      expect(await mainThemes(web)).toEqual(await mainThemes(device));
    }
    expect(await themes('/api/guest/themes?device=PCWEB')).toContain('pc_only');
    expect(await themes('/api/guest/themes?device=PCWEB')).not.toContain('mobile_only');
    expect(await mainThemes('MOBILEWEB')).toContain('mobile_only');
    expect(await mainThemes('MOBILEWEB')).not.toContain('pc_only');
    for (const device of ['APP', 'UNKNOWN']) expect((await get(`/api/guest/themes?device=${device}`)).status).toBe(200);
    await expectRefused(await get('/api/guest/themes?device=pcweb'), 400, '요청 내용을 확인해주세요.');
    await expectRefused(await get('/api/my/view-main?device=MOBILE'), 400);
  });
});

describe('GET /api/channels/{id}/live-time?option=1..4', () => {
  it('reads 1 current, 2 today, 3 week, 4 month and answers the word', async () => {
    const channel = await liveChannel({}, { startedAt: Date.now() - 120_000 });
    const words = ['current', 'today', 'week', 'month'] as const;
    for (const [i, word] of words.entries()) {
      const byNumber = await json<LiveTimeResponse>(await get(`/api/channels/${channel.id}/live-time?option=${i + 1}`));
      const byWord = await json<LiveTimeResponse>(await get(`/api/channels/${channel.id}/live-time?option=${word}`));
      expect(byNumber.option).toBe(word);
      expect(byNumber).toMatchObject({ channelId: channel.id, live: true, startedAt: byWord.startedAt });
      expect(Math.abs(byNumber.seconds - byWord.seconds)).toBeLessThanOrEqual(1);
      expect(byNumber.seconds).toBeGreaterThanOrEqual(120);
    }
    for (const option of ['0', '5', '01', '1.0', 'year']) await expectRefused(await get(`/api/channels/${channel.id}/live-time?option=${option}`), 400);
  });
});

describe('GET /api/guest/find-new-board without channelId', () => {
  it("answers over every channel: whether any board post is new, the newest first, and a channel's own as before", async () => {
    const [a, b] = [await insertChannel(), await insertChannel()];
    const now = Date.now();
    const post = (channel: { id: number; ownerId: number }, title: string, at: number) =>
      env.DB.prepare("INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, 'free', ?, '<p>본문</p>', '본문', ?, ?)")
        .bind(channel.id, channel.ownerId, title, at, at)
        .run();

    expect(await json<NewBoardResponse>(await get('/api/guest/find-new-board'))).toEqual({ channelId: null, hasNew: false, since: expect.any(Number), latestAt: null, boards: [] });
    await post(a, '지난주 글', now - 7 * 86_400_000);
    expect(await json<NewBoardResponse>(await get('/api/guest/find-new-board'))).toMatchObject({ channelId: null, hasNew: false, latestAt: now - 7 * 86_400_000, boards: [] });
    await post(a, '오늘 글', now - 3_600_000);
    await post(b, '방금 글', now - 60_000);
    const all = await json<NewBoardResponse>(await get('/api/guest/find-new-board'));
    expect(all).toMatchObject({ channelId: null, hasNew: true, latestAt: now - 60_000 });
    expect(all.boards.map((n) => [n.channelId, n.title])).toEqual([
      [b.id, '방금 글'],
      [a.id, '오늘 글'],
    ]);
    const since = await json<NewBoardResponse>(await get(`/api/guest/find-new-board?since=${now - 600_000}`));
    expect(since).toMatchObject({ since: now - 600_000 });
    expect(since.boards.map((n) => n.title)).toEqual(['방금 글']);
    const own = await json<NewBoardResponse>(await get(`/api/guest/find-new-board?channelId=${a.id}`));
    expect(own).toMatchObject({ channelId: a.id, hasNew: true, latestAt: now - 3_600_000 });
    expect(own.boards.map((n) => n.title)).toEqual(['오늘 글']);
    await expectRefused(await get('/api/guest/find-new-board?channelId=999999'), 404);
    await expectRefused(await get('/api/guest/find-new-board?since=yesterday'), 400);
  });
});
