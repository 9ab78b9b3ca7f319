import { atom } from 'jotai';

export type LoginModalType = 'signIn' | 'signUp';

/** App-wide UI state: the login modal and its tab, the alert, the members-only and session-expired modals. */
export const showLoginModalAtom = atom(false);
export const loginModalTypeAtom = atom<LoginModalType>('signIn');

export const alertMessageAtom = atom<string | null>(null);
export const showMembersOnlyAtom = atom(false);
export const sessionExpiredAtom = atom(false);

/** A toast holds a message key, so it shows in the current language even if the language just changed. */
export interface Toast {
  id: number;
  key: string;
  params?: Record<string, string | number>;
  /** A link beside the words ("보러 가기"). */
  href?: string;
}
export const toastsAtom = atom<Toast[]>([]);

/** Route-change progress: idle, loading, then done (the bar completes and fades). */
export const navigationProgressAtom = atom<'idle' | 'loading' | 'done'>('idle');

/** Open the login modal on a given tab (it always starts from signIn unless told otherwise). */
export const openLoginModalAtom = atom(null, (_get, set, type: LoginModalType = 'signIn') => {
  set(loginModalTypeAtom, type);
  set(showLoginModalAtom, true);
});

let nextToastId = 1;
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  set(toastsAtom, [...get(toastsAtom), { id: nextToastId++, ...toast }]);
});

/** Unread messages of the signed-in member: null until their inbox tells (client/inbox/inbox-socket.ts). */
export const unreadMessagesAtom = atom<number | null>(null);

/** Dispatched on window just before the member signs out: realtime connections stop without reconnecting. */
export const SIGNING_OUT_EVENT = 'flx:signing-out';
