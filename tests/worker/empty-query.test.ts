// An optional query parameter sent empty (`?filter=&title=`, as a form or an app that fills every key sends it)
// means "none": the list answers as without it, never 400. A required one sent empty is still missing.
import { describe, expect, it } from 'vitest';
import { Browser } from './helpers';
import { insertChannel, signedIn } from './watch-fixtures';

describe('empty optional query parameters', () => {
  it('mean none on the lists that take them, and a required one empty is still refused', async () => {
    const channel = await insertChannel();
    const guest = new Browser();
    const member = await signedIn();
    const calls: Array<[Browser, string]> = [
      [guest, `/api/cs/board-list?channelId=${channel.id}&category=&filter=&search=&offset=&limit=`],
      [guest, '/api/cs/notice-list?offset=0&limit=10&title='],
      [guest, '/api/guest/show-all-emoji?type=all&title=&option='],
      [member.browser, '/v2/api/cs/inquiry-list?offset=0&limit=10&boardType=&categoryId=&title='],
    ];
    for (const [browser, path] of calls) {
      const empty = await browser.fetch(path);
      expect(empty.status, `${path} ${await empty.clone().text()}`).toBe(200);
      const without = await browser.fetch(path.replace(/[?&][A-Za-z]+=(?=&|$)/g, '').replace(/^([^?]*)&/, '$1?'));
      expect(await empty.json(), path).toEqual(await without.json());
    }
    expect((await guest.fetch('/api/cs/board-list?channelId=&filter=')).status).toBe(400);
  });
});
