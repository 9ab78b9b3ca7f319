// The guest adult pass (/guest-auth, src/lib/guest-pass.ts) as an attacker would try it: forged, expired,
// copied to another device, sent by a page's script, or read back by the page; and whether a pass holder's
// view of an adult live can reach other guests.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { jwtSecret } from '../../src/api/config';
import { signGuestPass } from '../../src/lib/guest-pass';
import type { ChannelPageResponse } from '../../src/shared/streams-api';
import { Browser, devIdentity, propsOf } from './helpers';
import { securityRow } from './security-table';
import { clearWatchTables, liveChannel } from './watch-fixtures';

const accessOf = async (browser: Browser, channelId: number, headers: Record<string, string> = {}) =>
  ((await (await browser.fetch(`/api/channels/${channelId}/channel-page`, { headers })).json()) as ChannelPageResponse).live!.access;

describe('guest adult pass', () => {
  beforeEach(clearWatchTables);

  it('opens adult lives only for the device it was given to, and only through its HttpOnly cookie', async (context) => {
    const adult = await liveChannel({ adult: true }, { adult: true });
    const holder = new Browser();
    const authKey = await devIdentity(holder, '/api/personal-auth?type=guest-adult');
    const given = await holder.json('/api/guest/adult-pass', { authKey });
    const pass = holder.jar.get('flx_guest_pass')!;
    const leaks: string[] = [];
    if ((await given.text()).includes(pass)) leaks.push('the answer the page reads carries the pass');
    expect(await accessOf(holder, adult.id)).toBe('ok');

    const tries: Array<[string, (b: Browser) => void, Record<string, string>?]> = [
      ['the pass copied to another device', (b) => b.jar.set('flx_guest_pass', pass)],
      ['a forged signature', (b) => b.jar.set('flx_guest_pass', `${Date.now() + 600_000}.${'A'.repeat(43)}`)],
      ['the pass re-dated to last longer', (b) => b.jar.set('flx_guest_pass', pass.replace(/^\d+/, String(Date.now() + 3_000_000)))],
      ["the pass sent by a page's script as X-Guest-Pass, from its own device", (b) => b.jar.set('flx_uuid', holder.jar.get('flx_uuid')!), { 'x-guest-pass': pass }],
      ['a pass signed with a wrong secret, far in the future', (b) => b.jar.set('flx_guest_pass', `9999999999999.${'B'.repeat(43)}`)],
    ];
    for (const [what, arrange, headers] of tries) {
      const other = new Browser();
      await other.open('/');
      arrange(other);
      const access = await accessOf(other, adult.id, headers);
      if (access !== 'identity') leaks.push(`${what}: ${access}`);
    }
    // A pass signed under the right secret for the right device but expired an hour ago.
    const expired = await signGuestPass(jwtSecret(env), holder.jar.get('flx_uuid')!, Date.now() - 2 * 3_600_000);
    const late = new Browser();
    late.jar.set('flx_uuid', holder.jar.get('flx_uuid')!);
    late.jar.set('flx_guest_pass', expired.token);
    if ((await accessOf(late, adult.id)) !== 'identity') leaks.push('an expired pass');

    // Other guests after the holder's visit: the edge cache must not hand them the holder's page.
    await holder.fetch(`/channel/${adult.ownerLoginId}`);
    const next = propsOf(await (await new Browser().fetch(`/channel/${adult.ownerLoginId}`)).text()).data as { channelPage: ChannelPageResponse };
    if (next.channelPage.live?.access !== 'identity' || next.channelPage.live.playback) leaks.push("another guest got the holder's channel page");

    securityRow(context, {
      area: 'gates',
      tried: "a guest adult pass read by the page, copied to another device, forged, re-dated, expired, sent as a header by page script; another guest's channel page after a holder's",
      letThrough: leaks.length === 0 ? 0 : leaks.join('; '),
      pass: leaks.length === 0,
    });
    expect(leaks).toEqual([]);
  });
});
