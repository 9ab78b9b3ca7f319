// A creator's gift presets (migration 0009): POST and GET /api/my/channel/luv-preset (the studio) and the
// public GET /api/channels/{id}/luv-preset (the gift dialog), through the real API.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRESETS, type LuvPresets } from '../../src/shared/shop-schemas';
import { Browser } from './helpers';
import { clearWatchTables, expectRefused, insertChannel, json, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

const save = (browser: Browser, body: unknown) => browser.json('/api/my/channel/luv-preset', body);
const publicPresets = (channelId: number | string) => new Browser().fetch(`/api/channels/${channelId}/luv-preset`);
const stored = async () => (await env.DB.prepare('SELECT channel_id AS channelId, presets FROM channel_luv_presets ORDER BY channel_id').all()).results;

/** A signed-in creator with a channel. */
async function creator() {
  const member = await signedIn();
  const channel = await insertChannel({ ownerId: member.id });
  return { ...member, channelId: channel.id };
}

describe('gift presets', () => {
  it('answers the defaults until the creator sets some, then theirs: distinct, ascending', async () => {
    const c = await creator();
    const defaults = { presets: [...DEFAULT_PRESETS] };
    expect(await json<LuvPresets>(await publicPresets(c.channelId))).toEqual(defaults);
    expect(await json<LuvPresets>(await c.browser.fetch('/api/my/channel/luv-preset'))).toEqual(defaults);

    const res = await save(c.browser, { presets: [300, 5, 1_000_000, 77] });
    expect(res.status).toBe(200);
    expect(await json<LuvPresets>(res)).toEqual({ presets: [5, 77, 300, 1_000_000] });
    expect(await json<LuvPresets>(await publicPresets(c.channelId))).toEqual({ presets: [5, 77, 300, 1_000_000] });
    expect(await json<LuvPresets>(await c.browser.fetch('/api/my/channel/luv-preset'))).toEqual({ presets: [5, 77, 300, 1_000_000] });

    // A second save replaces the first; six is the most, one the least.
    expect(await json<LuvPresets>(await save(c.browser, { presets: [6, 5, 4, 3, 2, 1] }))).toEqual({ presets: [1, 2, 3, 4, 5, 6] });
    expect(await json<LuvPresets>(await save(c.browser, { presets: [10_000_000] }))).toEqual({ presets: [10_000_000] });
    expect(await json<LuvPresets>(await publicPresets(c.channelId))).toEqual({ presets: [10_000_000] });
    expect(await stored()).toEqual([{ channelId: c.channelId, presets: '[10000000]' }]);

    // Another channel still offers the defaults.
    expect(await json<LuvPresets>(await publicPresets((await insertChannel()).id))).toEqual(defaults);
  });

  it('refuses bad presets with 400 and keeps the saved ones', async () => {
    const c = await creator();
    await save(c.browser, { presets: [20, 10] });
    const before = await stored();
    for (const body of [
      { presets: [] },
      { presets: [0] },
      { presets: [10, -5] },
      { presets: [1.5] },
      { presets: [10, 10] },
      { presets: [1, 2, 3, 4, 5, 6, 7] },
      { presets: ['10'] },
      { presets: [10_000_001] },
      { presets: [2 ** 53] },
      { presets: [null] },
      { presets: '10,20' },
      { presets: [10], extra: true },
      {},
      [10, 20],
    ]) {
      const res = await save(c.browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    const duplicate = await save(c.browser, { presets: [50, 10, 50] });
    expect(await duplicate.json()).toMatchObject({ error: { code: 'PRESETS_DUPLICATE', fields: { presets: 'presets.errors.duplicate' } } });
    const english = await c.browser.json('/api/my/channel/luv-preset', { presets: [1, 1] }, 'POST', { headers: { 'accept-language': 'en' } });
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('Each amount can appear only once.');
    expect(await stored()).toEqual(before);
    expect(await json<LuvPresets>(await publicPresets(c.channelId))).toEqual({ presets: [10, 20] });
  });

  it('refuses a member without a channel (404 NO_CHANNEL) and a guest (401), writing nothing', async () => {
    const viewer = await signedIn();
    const res = await save(viewer.browser, { presets: [10] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NO_CHANNEL');
    await expectRefused(await viewer.browser.fetch('/api/my/channel/luv-preset'), 404);
    expect((await save(new Browser(), { presets: [10] })).status).toBe(401);
    expect((await new Browser().fetch('/api/my/channel/luv-preset')).status).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it("edits only the caller's own channel", async () => {
    const [a, b] = [await creator(), await creator()];
    await save(a.browser, { presets: [1, 2] });
    await save(b.browser, { presets: [3] });
    expect(await json<LuvPresets>(await publicPresets(a.channelId))).toEqual({ presets: [1, 2] });
    expect(await json<LuvPresets>(await publicPresets(b.channelId))).toEqual({ presets: [3] });
  });

  it('answers 404 for an unknown channel and 400 for a bad id on the public call', async () => {
    await expectRefused(await publicPresets(999_999_999), 404);
    for (const bad of ['abc', '0', '-1', '1.5']) await expectRefused(await publicPresets(bad), 400);
  });
});
