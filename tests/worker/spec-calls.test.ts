import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ViewMainResponse } from '../../src/shared/streams-api';
import { get } from './helpers';
import { clearWatchTables, expectRefused, json } from './watch-fixtures';

// The calls as SPEC writes them (issue 18): its spellings and parameters answer, not 400.

beforeEach(clearWatchTables);

describe('device values (SPEC §9 PCWEB, MOBILEWEB and SPEC §3 PC, MOBILE_WEB, APP, UNKNOWN)', () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM themes WHERE code IN ('pc_only', 'mobile_only')").run();
    await env.DB.prepare("INSERT INTO themes (code, sort, device) VALUES ('pc_only', 9, 'PC'), ('mobile_only', 9, 'MOBILE')").run();
  });

  it('reads PCWEB as PC and MOBILEWEB as MOBILE_WEB on themes and view-main', async () => {
    const themes = async (path: string) => (await json<{ items: { code: string }[] }>(await get(path))).items.map((t) => t.code);
    const mainThemes = async (device: string) => (await json<ViewMainResponse>(await get(`/api/my/view-main?device=${device}`))).themes.map((t) => t.code);
    for (const [spec9, spec3] of [
      ['PCWEB', 'PC'],
      ['MOBILEWEB', 'MOBILE_WEB'],
    ]) {
      expect(await themes(`/api/guest/themes?device=${spec9}`)).toEqual(await themes(`/api/guest/themes?device=${spec3}`));
      expect(await mainThemes(spec9)).toEqual(await mainThemes(spec3));
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
