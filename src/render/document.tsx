import type { CSSProperties, ReactNode } from 'react';
import { toWire, type BuildRefs, type PageProps } from '../shared/page-props';
import { pageTitle } from '../shared/page-title';
import { pageShare } from './page-share';
import { CHOSEN_BEFORE_HYDRATION_ATTRIBUTE, HELD_SUBMIT_ATTRIBUTE } from '../shared/held-submit';
import { BOOT_ATTRIBUTE, BOOT_FAILED_EVENT, EARLY_PLAYLIST_GLOBAL, PAINTED_ATTRIBUTE, PAINTED_EVENT, VIDEO_FIRST_MS } from '../shared/player-boot';
import { CHAT_BOOT_ATTRIBUTE, type ChatBootData } from '../shared/chat-socket';

/** Built by scripts/build-client.mjs; fixed names, revalidated by ETag. */
export const CLIENT_SCRIPT = '/assets/main.js';
export const CLIENT_STYLES = '/assets/main.css';
export const PROPS_ELEMENT_ID = '__PROPS__';

/**
 * Starts the client once the first frame is on screen (the browser's first paint entry, which comes when
 * the frame is presented, 50-70 ms after the main thread painted it here): `import()` of main.js, then
 * <link rel="modulepreload"> for the page's chunks (data-preload, then data-preload-mse where the browser has Media
 * Source Extensions: hls.js, which only those play through; the same test as client/components/player/hls-support.ts,
 * which the player's engine choice reads), adding links until 4 ms have passed, then yielding
 * (each link starts its fetch at once: 0.1-1 ms in a loaded page here, but one can take 20 ms while the machine is
 * busy with the page's start, so a fixed number per task has no bound).
 * Without paint timing it waits one frame; should no entry come, it starts after 3 s all the same.
 *
 * On a page that plays (data-player, and the placeholder's <video data-boot>) the video goes first. A live played
 * through MSE does not wait for the paint: as the script runs it asks for the live's first playlist
 * (EARLY_PLAYLIST_GLOBAL) and imports the player's boot chunk (which imports nothing, so it runs as soon as it is in,
 * and shows the live's first frame itself); one small file and one playlist, not the page's code, so the paint does
 * not wait for them. Any other playing page imports that chunk after the paint. After the paint the script hints
 * hls.js, and it imports main.js with the page's chunks only once the video has its first frame, has failed, or
 * after VIDEO_FIRST_MS (docs/architecture.md, Contracts, "The player").
 *
 * Why after the frame: fetched from the <head>, the channel page's chunks (~45 then) arrived before the first
 * paint (a layout of 60-130 ms here), and Lighthouse's simulation then counts every one of them, each a
 * round trip on HTTP/1.1, before the first paint: FCP 2.2-3.0 s. Fetched after it, the page paints with
 * its server-rendered HTML and CSS alone (FCP ~0.9 s), and hydrates when the code arrives. A tab that
 * opens hidden paints no frame, so it starts at once.
 */

export const BOOT_SCRIPT = [
  '(function (s) {',
  "  var d = document, list = function (value) { return (value || '').split(' ').filter(Boolean); };",
  "  var mse = 'MediaSource' in window || 'ManagedMediaSource' in window ? list(s.dataset.preloadMse) : [];",
  `  var video = s.dataset.player ? d.querySelector('video[${BOOT_ATTRIBUTE}]') : null;`,
  '  var chunks = [];',
  '  function hint(more) {',
  '    var idle = !chunks.length;',
  '    chunks = chunks.concat(more);',
  '    if (idle && chunks.length) setTimeout(add, 0);',
  '  }',
  '  function add() {',
  '    var until = Date.now() + 4;',
  '    do {',
  "      var link = d.createElement('link');",
  "      link.rel = 'modulepreload'; link.href = chunks.shift(); link.nonce = s.nonce;",
  '      d.head.appendChild(link);',
  '    } while (chunks.length && Date.now() < until);',
  '    if (chunks.length) setTimeout(add, 0);',
  '  }',
  '  var hydrating = false;',
  '  function hydrate() {',
  '    if (hydrating) return;',
  '    hydrating = true;',
  '    import(s.dataset.main);',
  '    hint(video ? list(s.dataset.preload) : list(s.dataset.preload).concat(mse));',
  '  }',
  `  var boot = video && JSON.parse(video.getAttribute('${BOOT_ATTRIBUTE}') || 'null');`,
  `  var early = mse.length && boot && boot.live ? (window.${EARLY_PLAYLIST_GLOBAL} = { url: boot.playback.url }) : null;`,
  '  if (early) {',
  "    early.response = fetch(boot.playback.url, { cache: 'no-cache' }).then(function (r) { early.receivedAt = performance.now(); return r; });",
  '    import(s.dataset.player);',
  '  }',
  '  var started = false;',
  '  function go() {',
  '    if (started) return;',
  '    started = true;',
  `    d.documentElement.setAttribute('${PAINTED_ATTRIBUTE}', '');`,
  `    dispatchEvent(new Event('${PAINTED_EVENT}'));`,
  '    if (!video) return hydrate();',
  '    if (!early) import(s.dataset.player);',
  '    hint(mse);',
  "    video.addEventListener('loadeddata', hydrate);",
  "    video.addEventListener('error', hydrate);",
  `    video.addEventListener('${BOOT_FAILED_EVENT}', hydrate);`,
  `    setTimeout(hydrate, ${VIDEO_FIRST_MS});`,
  '  }',
  "  if (d.visibilityState === 'hidden') return go();",
  '  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];',
  "  if (types.indexOf('paint') < 0) return requestAnimationFrame(function () { setTimeout(go, 0); });",
  "  new PerformanceObserver(function (list, observer) { observer.disconnect(); setTimeout(go, 0); }).observe({ type: 'paint', buffered: true });",
  '  setTimeout(go, 3000);',
  '})(document.currentScript);',
].join('\n');

/**
 * Holds a form's submit until the page has hydrated (`data-hydrated` on <html>, set once typed values are in the
 * page's state: client/app/hydrated-forms.ts), which then submits it again through the form's own handler. In the
 * <head>, so it runs before any form exists. Without it Enter in a form whose script has not run yet submits
 * natively: every form has method="post", which the edge answers with a 303 back to the page, the fields
 * dropped (src/pages/form-posts.ts), so nothing typed reaches a URL; but the sign-in typed would be lost.
 * A form with an action of its own (the locale switcher's POST /locale) works without script and goes as it is.
 * Only the last form held is kept: a second Enter elsewhere replaces it. A select chosen before hydration keeps the
 * choice in an attribute, since hydration sets a controlled select back to its rendered value.
 */
export const SUBMIT_GUARD_SCRIPT = [
  '(function (html) {',
  "  addEventListener('submit', function (e) {",
  '    var form = e.target;',
  "    if (html.dataset.hydrated || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;",
  '    e.preventDefault();',
  '    e.stopImmediatePropagation();',
  `    var held = document.querySelectorAll('form[${HELD_SUBMIT_ATTRIBUTE}]');`,
  `    for (var i = 0; i < held.length; i++) held[i].removeAttribute('${HELD_SUBMIT_ATTRIBUTE}');`,
  `    form.setAttribute('${HELD_SUBMIT_ATTRIBUTE}', '');`,
  '  }, true);',
  "  addEventListener('change', function (e) {",
  '    var field = e.target;',
  `    if (!html.dataset.hydrated && field instanceof HTMLSelectElement) field.setAttribute('${CHOSEN_BEFORE_HYDRATION_ATTRIBUTE}', field.value);`,
  '  }, true);',
  '})(document.documentElement);',
].join('\n');

/**
 * The room a channel page's chat joins beside its video (client/realtime/chat-boot.ts, run by the player's boot chunk),
 * as ChannelPage.tsx's chat joins it: the channel's room, this viewer, the live's stream. Only where the player boots:
 * there the live plays, so the chat is not locked. Null elsewhere: the chat connects when it mounts.
 */
export function chatBootFor(props: PageProps, player: string | null): ChatBootData | null {
  const page = props.page === 'CHANNEL' ? props.data.channelPage : null;
  if (!player || !page?.live) return null;
  return { room: String(page.channel.channelId), member: !!props.me, streamId: page.live.streamId };
}

/** JSON that is safe inside a <script> element. */
export function scriptSafe(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page props as script-safe JSON, as the browser gets them (WireProps: the messages by URL once there is a build). */
export function serializeProps(props: PageProps, refs: BuildRefs | null = null): string {
  return scriptSafe(JSON.stringify(toWire(props, refs)));
}

/** The one HTML document: brand SEO in the head, the app streamed into #root, props for hydration. */
export function Document({
  children,
  pageProps,
  preloads,
  msePreloads = [],
  player = null,
  nonce,
  refs = null,
}: {
  children?: ReactNode;
  pageProps: PageProps;
  preloads: string[];
  msePreloads?: string[];
  /** The player's boot module, on a page that plays (src/render/preload.ts, playerBootFor). */
  player?: string | null;
  nonce?: string;
  refs?: BuildRefs | null;
}) {
  const { brand, locale } = pageProps;
  const chat = chatBootFor(pageProps, player);
  const share = pageShare(pageProps);
  const brandVars = {
    '--brand-primary': brand.colors.primary,
    '--brand-accent': brand.colors.accent,
    '--brand-bg': brand.colors.background,
    '--brand-text': brand.colors.text,
  } as CSSProperties;
  return (
    <html lang={locale} style={brandVars} data-brand={brand.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle(pageProps)}</title>
        <meta name="description" content={share.description} />
        <meta name="keywords" content={brand.seo.keywords.join(', ')} />
        <meta name="theme-color" content={brand.colors.primary} />
        <meta property="og:site_name" content={brand.serviceName} />
        <meta property="og:type" content={share.type} />
        <meta property="og:title" content={share.title} />
        <meta property="og:description" content={share.description} />
        <meta property="og:url" content={share.url} />
        <meta property="og:image" content={share.image} />
        <meta name="twitter:card" content={share.large ? 'summary_large_image' : 'summary'} />
        <link rel="icon" href={brand.icons.favicon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={brand.icons.appIcon} />
        <link rel="manifest" href="/manifest.json" />
        <link rel="stylesheet" href={CLIENT_STYLES} precedence="default" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (SUBMIT_GUARD_SCRIPT), no data in it */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SUBMIT_GUARD_SCRIPT }} />
      </head>
      <body>
        <div id="root">{children}</div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON props for hydration; serializeProps escapes <, U+2028 and U+2029, so it cannot close the script */}
        <script id={PROPS_ELEMENT_ID} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeProps(pageProps, refs) }} />
        <script
          nonce={nonce}
          data-main={CLIENT_SCRIPT}
          data-preload={preloads.join(' ')}
          data-preload-mse={msePreloads.length ? msePreloads.join(' ') : undefined}
          data-player={player ?? undefined}
          {...{ [CHAT_BOOT_ATTRIBUTE]: chat ? JSON.stringify(chat) : undefined }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (BOOT_SCRIPT), no data in it
          dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }}
        />
      </body>
    </html>
  );
}
