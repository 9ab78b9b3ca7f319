// Who may see a gated live or recording (adult-only or password-protected), in any form: its picture, its
// recording, and how many passwords a caller may try. Each test records its row of the security table.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelPageResponse, ViewMainResponse } from '../../src/shared/streams-api';
import { Browser } from './helpers';
import { securityRow } from './security-table';
import { clearWatchTables, json, liveChannel, signedIn } from './watch-fixtures';

beforeEach(clearWatchTables);

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

/** A live with a picture in R2, as the encoder's thumb.jpg leaves it. */
async function liveWithPicture(c: Parameters<typeof liveChannel>[0] = {}) {
  const channel = await liveChannel({ ...c, thumbnailAt: Date.now() });
  await env.MEDIA.put(`live/${channel.id}/thumb.jpg`, JPEG, { httpMetadata: { contentType: 'image/jpeg' } });
  return channel;
}

const pictureOf = (browser: Browser, channelId: number, query = '') => browser.fetch(`/live/${channelId}/thumb.jpg${query}`);

describe('gated pictures', () => {
  it('a guest or a minor gets neither the picture of an adult or password live nor its URL on a card; a viewer who may watch gets both', async (context) => {
    const adult = await liveWithPicture({ adult: true });
    const locked = await liveWithPicture({ password: '1234' });
    const open = await liveWithPicture();
    const guest = new Browser();
    const minor = (await signedIn('minor')).browser;
    const grown = (await signedIn('adult')).browser;
    const leaks: string[] = [];

    // The picture itself, asked for directly (a script polling it), without a token and with a made-up one.
    for (const [who, browser] of [
      ['guest', guest],
      ['minor', minor],
      ['adult member', grown],
    ] as const) {
      for (const [what, channel] of [
        ['adult', adult],
        ['password', locked],
      ] as const) {
        for (const query of ['', '?token=1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
          const res = await pictureOf(browser, channel.id, query);
          await res.body?.cancel();
          if (res.status !== 403) leaks.push(`${who} ${what} thumb.jpg${query ? ' (forged token)' : ''} ${res.status}`);
        }
      }
    }
    // The cards: the home page's data and the page a guest is served (from the edge cache).
    const cards = (await json<ViewMainResponse>(await guest.fetch('/api/my/view-main?device=PC'))).lives;
    for (const card of cards) if (card.channelId !== open.id && card.thumbnailUrl !== null) leaks.push(`card of ${card.channelId}: ${card.thumbnailUrl}`);
    const html = await (await guest.open('/')).text();
    expect(html).toContain(`/live/${open.id}/thumb.jpg`); // the page does show lives' pictures
    for (const channel of [adult, locked]) if (html.includes(`/live/${channel.id}/thumb.jpg`)) leaks.push(`home page names the picture of ${channel.id}`);
    // The channel page as a guest and a minor: no picture of the gated live, nor of the channel.
    for (const [who, browser] of [
      ['guest', guest],
      ['minor', minor],
    ] as const) {
      const page = await json<ChannelPageResponse>(await browser.fetch(`/api/channels/${adult.id}/channel-page`));
      if (page.live?.thumbnailUrl || page.channel.thumbnailUrl) leaks.push(`${who} channel page of the adult live names its picture`);
    }

    securityRow(context, {
      area: 'gates',
      tried: "a guest, a minor and an adult without a token asking for an adult and a password live's thumb.jpg (12 calls); their home cards, the guest home page and channel pages",
      letThrough: leaks.length === 0 ? 0 : leaks.join('; '),
      pass: leaks.length === 0,
    });
    expect(leaks).toEqual([]);

    // The open live's picture is anyone's, from any cache; the card names it.
    const plain = await pictureOf(guest, open.id);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=10');
    expect(cards.find((c) => c.channelId === open.id)?.thumbnailUrl).toBe(
      `/live/${open.id}/thumb.jpg?v=${(await env.DB.prepare('SELECT thumbnail_at AS t FROM channels WHERE id = ?').bind(open.id).first<{ t: number }>())!.t}`,
    );
    // A verified adult may watch the adult live: the channel page's live carries a picture URL signed for it.
    const page = await json<ChannelPageResponse>(await grown.fetch(`/api/channels/${adult.id}/channel-page`));
    expect(page.live?.access).toBe('ok');
    const signed = await pictureOf(grown, adult.id, page.live!.thumbnailUrl!.slice(`/live/${adult.id}/thumb.jpg`.length));
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('private, max-age=10');
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(JPEG);
  });

  it("the picture stays gated once the live ends: it is the recording's", async () => {
    const adult = await liveWithPicture({ adult: true });
    await env.DB.prepare('UPDATE streams SET kind = 2, ended_at = ? WHERE id = ?').bind(Date.now(), adult.streamId).run();
    await env.DB.prepare('UPDATE channels SET adult = 0 WHERE id = ?').bind(adult.id).run();
    const res = await pictureOf(new Browser(), adult.id);
    expect(res.status).toBe(403);
    const page = await json<ChannelPageResponse>(await new Browser().fetch(`/api/channels/${adult.id}/channel-page`));
    expect(page.channel.thumbnailUrl).toBeNull();
    expect(page.recorded[0]).toMatchObject({ adult: true, thumbnailUrl: null });
  });
});
