import type { AppType } from '../../src/shared/constants';

interface NativeWindow extends Window {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { flexlive?: { postMessage(message: unknown): void } } };
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

/** Inside the native wrapper alerts are the platform's own dialog (SPEC §2 "Alert modal"). */
export function nativeAlert(message: string, appType: AppType): boolean {
  if (appType !== 'embedded') return false;
  if (!postToNative({ type: 'alert', message })) window.alert(message);
  return true;
}
