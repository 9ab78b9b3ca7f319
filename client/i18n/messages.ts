import type { Messages } from '../../src/shared/locales';
import type { PageProps, WireProps } from '../../src/shared/page-props';

/**
 * The messages a page's props name by URL (WireProps): their module, imported once and kept by the browser's
 * module map, so every later page of the same locale gets the same object (and I18nProvider keeps its translator).
 * A failed import is tried once more before it fails the page.
 */
function importMessages(url: string): Promise<Messages> {
  const load = () => import(/* @vite-ignore */ url).then((module: { default: Messages }) => module.default);
  return load().catch(load);
}

/** Props as the page uses them, from the props the server sent: with the messages loaded when they came by URL. */
export async function withMessages(wire: WireProps): Promise<PageProps> {
  const { messagesUrl, messages, ...rest } = wire;
  return { ...rest, messages: messages ?? (await importMessages(messagesUrl)) };
}
