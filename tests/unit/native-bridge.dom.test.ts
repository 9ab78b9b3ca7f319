// Identity verification inside the native app (client/native/bridge.ts): through the app's bridge only for
// app versions above 2, read from the user agent, and only where the wrapper can hear the page.
import { describe, expect, it } from 'vitest';
import { nativeIdentity } from '../../client/native/bridge';
import { NATIVE_UA_TOKEN } from '../../src/shared/constants';

const ua = (version: string) => `Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile ${NATIVE_UA_TOKEN}/${version}`;
const android = { ReactNativeWebView: { postMessage() {} } } as unknown as Window;
const ios = { webkit: { messageHandlers: { flexlive: { postMessage() {} } } } } as unknown as Window;
const browser = {} as Window;

describe('native identity verification', () => {
  it('is for apps above version 2 inside a wrapper', () => {
    expect(nativeIdentity(ua('3'), android)).toBe(true);
    expect(nativeIdentity(ua('2.1'), ios)).toBe(true);
    expect(nativeIdentity(ua('2'), android)).toBe(false);
    expect(nativeIdentity(ua('1.9'), ios)).toBe(false);
  });

  it('is never in a plain browser, nor when the wrapper cannot be reached', () => {
    expect(nativeIdentity('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', android)).toBe(false);
    expect(nativeIdentity(ua('5'), browser)).toBe(false);
  });
});
