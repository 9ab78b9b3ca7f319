import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { ProfileResponse } from '../../src/shared/account-api';
import type { InboxFrame } from '../../src/shared/message-schemas';
import { BLOCK_LIST_KEY, CONVERSATIONS_PREFIX } from '../data/message-api';
import { PROFILE_KEY } from '../data/use-profile';
import { pushToastAtom, unreadMessagesAtom } from '../state/ui';

const VIBRATE_MS = 200;

/**
 * A signed-in member's pages listen to their inbox (after hydration; its code is its own chunk): the
 * header's unread badge follows it, an open messages page refreshes its lists, a block-list change reaches
 * the chat filter, a settings change drops the cached profile. A new message also shows a toast and, with
 * the isVibes setting, vibrates the device.
 */
export function useInbox(member: boolean): void {
  const setUnread = useSetAtom(unreadMessagesAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const { mutate, cache } = useSWRConfig();
  const latest = useRef({ setUnread, pushToast, mutate, cache });
  latest.current = { setUnread, pushToast, mutate, cache };

  useEffect(() => {
    if (!member) {
      setUnread(null);
      return;
    }
    let close: (() => void) | null = null;
    let gone = false;
    const onFrame = (frame: InboxFrame) => {
      const { mutate, pushToast, cache } = latest.current;
      switch (frame.type) {
        case 'message': {
          pushToast({ key: 'messages.newMessage', params: { nickname: frame.from.nickname } });
          const profile = cache.get(PROFILE_KEY)?.data as ProfileResponse | undefined;
          if ((profile?.profile.settings?.isVibes ?? true) && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_MS);
          void mutate((key) => typeof key === 'string' && key.startsWith(CONVERSATIONS_PREFIX));
          break;
        }
        case 'unread':
          void mutate((key) => typeof key === 'string' && key.startsWith(CONVERSATIONS_PREFIX));
          break;
        case 'blocks':
          void mutate(BLOCK_LIST_KEY);
          break;
        case 'settings':
          void mutate(PROFILE_KEY);
          break;
      }
    };
    import('./inbox-socket').then(
      ({ connectInbox }) => {
        if (!gone) close = connectInbox({ onUnread: (n) => latest.current.setUnread(n), onFrame });
      },
      () => {},
    );
    return () => {
      gone = true;
      close?.();
    };
  }, [member, setUnread]);
}
