// Chromium for the benches: Debian's (or $CHROMIUM_PATH), never a download, with the launch flags that work on
// this machine (no sandbox or GPU in the VM; no background updates or network calls of its own mid-measure).
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** A phone's screen, as Lighthouse's mobile preset has it (Moto G Power): for pages the benches load themselves. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export function launchChromium(extraFlags = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraFlags] });
}
