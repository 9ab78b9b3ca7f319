import { chromium } from 'playwright-core';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--autoplay-policy=no-user-gesture-required'];
const shot = (page, name, full = false) => page.screenshot({ path: `/work/tmp/shots/${name}.png`, fullPage: full });
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
const errors = [];
const names = (loc) => loc.evaluateAll((bs) => bs.map((b) => (b.getAttribute('aria-label') || b.textContent || '').trim().replace(/\s+/g, ' ')).filter(Boolean));
async function member(base, id, locale, viewport, back) {
  const ctx = await browser.newContext({ locale, viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`${id}: ${e}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${id} console: ${m.text()}`));
  await page.goto(`${base}/signin?callbackURL=${encodeURIComponent(back)}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('input[name=loginId]').fill(id);
  await page.locator('input[name=password]').fill('demo-pass-1234');
  await page.locator('input[name=password]').press('Enter');
  const d = page.getByRole('dialog');
  await page.waitForTimeout(2500);
  if (await d.count()) await d.getByRole('button').first().click();
  await page.waitForURL((u) => u.pathname === back.split('?')[0], { timeout: 10000 });
  await page.locator('html[data-hydrated="true"]').waitFor();
  return page;
}
try {
  const B = 'http://live.localhost:8787';
  const c = await member(B, 'demo_caster1', 'en-US', { width: 1280, height: 900 }, '/luv');
  await c.waitForTimeout(1000);
  await shot(c, 'p8-1-luv', true);
  log('luv page:', (await c.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 600));
  log('luv buttons:', (await names(c.locator('main').getByRole('button'))).join(' | '), '// links', (await names(c.locator('main').getByRole('link'))).join(' | '));
  await c.goto(`${B}/caster?section=money`);
  await c.locator('html[data-hydrated="true"]').waitFor();
  await c.waitForTimeout(1500);
  await shot(c, 'p8-2-money', true);
  log('money section:', (await c.locator('[data-section=money]').innerText()).replace(/\s+/g, ' ').slice(0, 900));
  log('money buttons:', (await names(c.locator('[data-section=money]').getByRole('button'))).join(' | '));
} finally {
  log('errors', errors.length ? errors : 'none');
  await browser.close();
}
