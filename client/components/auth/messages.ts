import type { Translate } from '../../i18n/i18n';
import { M } from '../../../src/shared/account-rules';

/** A message for the user: a locale key (shown in the current language) or the server's own words. */
export type Msg = { key: string } | { text: string } | null;

export const key = (k: string | null): Msg => (k ? { key: k } : null);
export const text = (s: string): Msg => ({ text: s });

export function msgText(t: Translate, msg: Exclude<Msg, null>): string {
  return 'key' in msg ? t(msg.key) : msg.text;
}

const SERVER_VERDICTS: ReadonlySet<string> = new Set([M.idTaken, M.nicknameTaken, M.recommenderNotFound, M.recommenderOverlap]);

/**
 * On submit the rules run again, but they cannot see what the server said on blur: a duplicate or an
 * unknown referrer stays until the field is edited and checked again. Anything else is recomputed.
 */
export function serverVerdict(previous: Msg | undefined): Msg {
  return previous && 'key' in previous && SERVER_VERDICTS.has(previous.key) ? previous : null;
}

/**
 * Blur validation is skipped when focus goes to a submit button: the message it would add or remove
 * shifts the button between mousedown and mouseup and the click is lost. The submit validates anyway.
 */
export function towardsSubmit(event: { relatedTarget: EventTarget | null }): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit';
}
