import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { pushToastAtom, unreadMessagesAtom } from '../state/ui';

/**
 * A signed-in member's pages listen to their inbox: mounted with the global modals (after hydration, when
 * the browser is idle), the socket and what each frame does in ./inbox-socket.ts. The header's badge reads
 * unreadMessagesAtom.
 */
export function useInbox(member: boolean): void {
  const setUnread = useSetAtom(unreadMessagesAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const { mutate, cache } = useSWRConfig();
  const latest = useRef({ pushToast, mutate });
  latest.current = { pushToast, mutate };

  useEffect(() => {
    if (!member) {
      setUnread(null);
      return;
    }
    let close: (() => void) | null = null;
    let gone = false;
    import('./inbox-socket').then(
      ({ connectPage }) => {
        if (gone) return;
        close = connectPage({
          setUnread,
          toast: (key, params, href) => latest.current.pushToast({ key, params, ...(href ? { href } : {}) }),
          mutate: ((...args: Parameters<typeof mutate>) => latest.current.mutate(...args)) as typeof mutate,
          cache,
        });
      },
      () => {},
    );
    return () => {
      gone = true;
      close?.();
    };
  }, [member, setUnread, cache]);
}

/** The hook as a component, for the global modals' chunk. */
export function InboxListener({ member }: { member: boolean }) {
  useInbox(member);
  return null;
}
