import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../lib/env';
import { isProductionEnv } from '../shared/environment';

/**
 * The headers every page (and every other answer after /live and /chat) carries. docs/security.md explains them.
 *
 * Scripts: a nonce per response and 'strict-dynamic'. The document's scripts (the boot script, the props block)
 * carry the nonce, and so do the modulepreload hints the boot script adds; what they load at run time (main.js,
 * page chunks, hls.js, the chat, the Sentry SDK, Toss's checkout SDK) is trusted through them. No 'unsafe-inline', no host list: an injected <script> or
 * inline handler never runs. 'self' only serves browsers without CSP3, which ignore 'strict-dynamic'.
 * 'wasm-unsafe-eval' lets the studio's AAC encoder (WebAssembly, in a worker, where the browser has none) compile;
 * it allows WebAssembly only, never eval of script. Styles keep 'unsafe-inline': the brand colours are a style attribute on <html>, React writes style attributes,
 * the dev checkout and API reference pages have a <style> element, and no script runs from a style.
 * Media and connections: the player plays third-party sources (IVS, NCP... stored playback URLs) and
 * hls.js feeds MSE from blob: URLs; error reports go to the Sentry DSN's host. Chat and inbox sockets are
 * same-origin ('self' covers ws:/wss: of this host).
 * Frames: frame-ancestors 'self'. The native apps load the site as the WebView's top document, which
 * frame-ancestors does not govern; no partner frames the site, and nobody else may (clickjacking on gifts and
 * payments). Toss's checkout opens its window as a frame from its own hosts.
 * Forms: this site, and NICE's identity window (a form posted into the popup, client/components/auth).
 */
export const TOSS_FRAMES = 'https://*.tosspayments.com';
export const NICE_FORM_ACTION = 'https://nice.checkplus.co.kr';

/** Outside production the local OAuth and Sentry stand-ins listen on loopback over plain http. */
const localOrigins = (c: Context<AppEnv>, _directive: string): string => (isProductionEnv(c.env.ENVIRONMENT) ? '' : 'http://localhost:* http://127.0.0.1:*');

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'", "'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'", 'https:', localOrigins],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'", TOSS_FRAMES],
      frameAncestors: ["'self'"],
      formAction: ["'self'", NICE_FORM_ACTION],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
    },
    // A handler's own headers win: an upload is served with its sandboxing CSP (src/api/routes/uploads.ts).
    overwrite: false,
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // What the site uses: fullscreen and picture-in-picture for the player, autoplay for live video, the
    // clipboard for the studio's stream key, and a camera, microphone and screen for going live from the studio (the
    // browser still asks the creator). Nothing else, for us or for any frame. `payment` is left to the
    // browser's default: Toss's checkout frame may ask for it. Only features browsers know: Chromium warns on
    // every page about one it does not (it has no `bluetooth` policy; its Web Bluetooth needs a user's choice anyway).
    permissionsPolicy: {
      fullscreen: ['self'],
      pictureInPicture: ['self'],
      autoplay: ['self'],
      clipboardWrite: ['self'],
      camera: ['self'],
      microphone: ['self'],
      geolocation: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      displayCapture: ['self'],
      browsingTopics: [],
    },
  });
}

/** The nonce of this response's Content-Security-Policy (set by securityHeaders before any page renders). */
export function cspNonce(c: Context<AppEnv>): string | undefined {
  return c.get('secureHeadersNonce');
}
