import { useT } from '../../i18n/i18n';
import { afterHydration } from '../../app/after-hydration';
import { afterVideo } from '../../app/video-first';
import { LoadFailed } from '../ui/LoadFailed';
import type { ChatPanelProps } from './ChatPanel';
import { ChatShell } from './ChatShell';

// The chat (partysocket, the zod protocol, the panel) is its own chunk: it loads with the channel page,
// never with the home page, and only in the browser; the server renders the placeholder below.
// Its code starts loading as soon as the channel page's module runs, or, when the page opens on a live
// video, once that video has started (app/video-first.ts).
const useChatPanel = afterHydration(() => afterVideo().then(() => import('./ChatPanel').then((m) => m.ChatPanel)));

/** The chat panel, or a box of the same size while its code loads (server and hydration render this). */
export function LazyChat(props: ChatPanelProps) {
  const t = useT();
  const { Component: Panel, failed } = useChatPanel();

  if (Panel) return <Panel {...props} />;
  return (
    <ChatShell className="chat-panel-placeholder">
      {failed ? (
        <LoadFailed className="chat-final" message="chat.loadFailed" reload="player.reload" />
      ) : (
        <p className="chat-empty" role="status">
          {t('chat.loading')}
        </p>
      )}
    </ChatShell>
  );
}
