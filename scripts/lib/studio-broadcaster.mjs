// The studio's own encoder as a bench's broadcaster: Chromium with its fake camera and microphone (a moving pattern
// with a frame counter, and a beep) signs in as a demo creator, opens the studio's live section and goes live, as a
// creator clicks through it (docs/product/watching-and-chat.md, "Going live from the studio").
import { readFileSync } from 'node:fs';
import { launchChromium } from './bench-browser.mjs';

const ko = JSON.parse(readFileSync('locales/ko.json', 'utf8'));

/** Signs in from inside the page, as the site's own form calls the API (the XSRF cookie came with the health check). */
function signIn({ loginId, password }) {
  const xsrf = document.cookie
    .split('; ')
    .find((c) => c.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length);
  return fetch('/v2/api/auth/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf ?? '') },
    body: JSON.stringify({ loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' }),
  }).then((res) => res.status);
}

/**
 * `loginId` goes live from the studio at `host` (a brand's origin) with the source at most `height` tall. Answers when
 * the studio says it is sending, with the qualities it sends, its health list as shown, and stop() (End, then the
 * browser closes).
 */
export async function startStudioBroadcast({ host, loginId, password = 'demo-pass-1234', height = 720, microphone = true }) {
  const browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  try {
    const page = await (await browser.newContext({ locale: 'ko-KR' })).newPage();
    await page.goto(`${host}/healthz`);
    const status = await page.evaluate(signIn, { loginId, password });
    if (status !== 200) throw new Error(`sign-in of ${loginId} answered ${status}`);
    await page.goto(`${host}/caster?section=live`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    const panel = page.locator('.go-live');
    await panel.getByLabel(ko.caster.golive.quality).selectOption(String(height));
    if (!microphone) await panel.getByLabel(ko.caster.golive.microphone).selectOption({ label: ko.caster.golive.noMicrophone });
    await panel.getByRole('button', { name: ko.caster.golive.useCamera }).click();
    await page.waitForFunction(() => document.querySelector('.go-live-preview')?.videoWidth > 0);
    await panel.getByRole('button', { name: ko.caster.golive.start }).click();
    await panel.locator('.go-live-health').waitFor({ timeout: 30_000 });
    const sending = (
      await panel
        .getByRole('status')
        .filter({ hasText: ko.caster.golive.sending.split('{{')[0] })
        .innerText()
    ).trim();
    return {
      sending,
      health: async () => (await panel.locator('.go-live-health').innerText()).replace(/\n+/g, ' '),
      stop: async () => {
        await panel.getByRole('button', { name: ko.caster.golive.end }).click();
        await page.getByRole('dialog').getByRole('button', { name: ko.caster.golive.endNow }).click();
        await page
          .locator('.toast')
          .filter({ hasText: ko.caster.golive.ended })
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined);
        await browser.close();
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
