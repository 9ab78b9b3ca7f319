import type { AppType } from '../../src/shared/constants';
import { NATIVE_IDENTITY_MIN_VERSION_EXCLUSIVE, nativeAppVersion } from '../../src/shared/native-app';

interface NativeWindow extends Window {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { flexlive?: { postMessage(message: unknown): void } } };
}

function hasWrapper(w: NativeWindow): boolean {
  return !!(w.ReactNativeWebView || w.webkit?.messageHandlers?.flexlive);
}

/**
 * Whether identity verification goes through the native wrapper instead of a popup window: only inside a
 * wrapper that can hear us, and only apps above version 2 (from the user agent) know the message.
 */
export function nativeIdentity(userAgent: string, w: Window = window): boolean {
  const version = nativeAppVersion(userAgent);
  return version !== null && version > NATIVE_IDENTITY_MIN_VERSION_EXCLUSIVE && hasWrapper(w as NativeWindow);
}

/** Post a message to the native wrapper; false when there is no wrapper to hear it. */
export function postToNative(message: { type: string; [key: string]: unknown }): boolean {
  const w = window as NativeWindow;
  if (w.ReactNativeWebView) {
    w.ReactNativeWebView.postMessage(JSON.stringify(message));
    return true;
  }
  if (w.webkit?.messageHandlers?.flexlive) {
    w.webkit.messageHandlers.flexlive.postMessage(message);
    return true;
  }
  return false;
}

/** Inside the native wrapper alerts are the platform's own dialog, not the site's alert modal. */
export function nativeAlert(message: string, appType: AppType): boolean {
  if (appType !== 'embedded') return false;
  if (!postToNative({ type: 'alert', message })) window.alert(message);
  return true;
}
