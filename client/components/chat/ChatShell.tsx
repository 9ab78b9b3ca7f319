import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';

/** The chat box without a room: its title and one body (the loading placeholder, a locked room). */
export function ChatShell({ className = '', children }: { className?: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className={`chat-panel ${className}`.trim()} aria-labelledby="chat-title">
      <header className="chat-head">
        <h2 id="chat-title">{t('chat.title')}</h2>
      </header>
      <div className="chat-body">{children}</div>
    </section>
  );
}
