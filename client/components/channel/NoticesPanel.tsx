import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { ChannelNotice } from '../../../src/shared/channel-schemas';
import { deleteNotice, noticePath, noticesPath } from '../../data/channel-api';
import { useFailureNotice } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { NoticeBody } from './NoticeBody';
import { NoticeEditor } from './NoticeEditor';
import { Pager } from './Pager';
import { formatDate } from '../../lib/format';
import { formatDateTime } from '../../lib/format-detail';
import { useConfirm } from '../ui/use-confirm';
import { useApi } from '../../data/use-api';

const PAGE = 10;

/**
 * The notices tab: the list (pinned first), one notice's page, and for its creator and managers the editor.
 * `onTotal` hears the channel's notice count each time the list is read (after a post or a delete too), so the
 * tab's label follows it without a reload.
 */
export function NoticesPanel({
  channelId,
  locale,
  openId,
  onOpen,
  onTotal,
}: {
  channelId: number;
  locale: string;
  openId: number | null;
  onOpen: (noticeId: number | null) => void;
  onTotal?: (total: number) => void;
}) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<ChannelNotice | 'new' | null>(null);
  const list = useApi(noticesPath(channelId, offset, PAGE));
  const canWrite = list.data?.canWrite ?? false;
  const total = list.data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal?.(total);
  }, [total, onTotal]);

  if (editing) {
    return (
      <NoticeEditor
        channelId={channelId}
        notice={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void list.mutate();
          onOpen(saved.noticeId);
        }}
      />
    );
  }
  if (openId !== null) {
    return (
      <NoticeView
        channelId={channelId}
        noticeId={openId}
        locale={locale}
        canWrite={canWrite}
        onBack={() => onOpen(null)}
        onEdit={setEditing}
        onDeleted={() => {
          void list.mutate();
          onOpen(null);
        }}
      />
    );
  }
  return (
    <section aria-labelledby="notice-list-title">
      <div className="panel-head">
        <h3 id="notice-list-title">{t('notice.list')}</h3>
        {canWrite && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('notice.write')}
          </button>
        )}
      </div>
      {list.error ? (
        <p className="field-error">{t('notice.failed')}</p>
      ) : !list.data ? (
        <p role="status">…</p>
      ) : list.data.items.length === 0 ? (
        <p className="empty-state">{t('notice.empty')}</p>
      ) : (
        <>
          <ul className="notice-list">
            {list.data.items.map((notice) => (
              <li key={notice.noticeId}>
                <button type="button" className="notice-link" onClick={() => onOpen(notice.noticeId)}>
                  {notice.pinned && <span className="badge">{t('notice.pinned')}</span>}
                  <span className="notice-title">{notice.title}</span>
                  <span className="muted">{formatDate(notice.createdAt, locale)}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={PAGE} total={list.data.total} onPage={setOffset} />
        </>
      )}
    </section>
  );
}

function NoticeView({
  channelId,
  noticeId,
  locale,
  canWrite,
  onBack,
  onEdit,
  onDeleted,
}: {
  channelId: number;
  noticeId: number;
  locale: string;
  canWrite: boolean;
  onBack: () => void;
  onEdit: (notice: ChannelNotice) => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const pushToast = useSetAtom(pushToastAtom);
  const notice = useFailureNotice();
  const { data, error } = useApi(noticePath(channelId, noticeId));
  const [deleting, setDeleting] = useState(false);
  const { confirm, confirmDialog } = useConfirm('notice-delete-modal');
  const remove = async () => {
    if (deleting || !(await confirm(t('notice.deleteConfirm')))) return;
    setDeleting(true);
    const result = await deleteNotice(channelId, noticeId);
    setDeleting(false);
    if (!result.ok) return notice(result, { fallback: 'notice.failed' });
    pushToast({ key: 'notice.deleted' });
    onDeleted();
  };
  return (
    <article className="notice-view" aria-labelledby="notice-view-title">
      <button type="button" className="btn" onClick={onBack}>
        ← {t('notice.back')}
      </button>
      {error ? (
        <p className="field-error">{error.status === 404 ? error.message : t('notice.failed')}</p>
      ) : !data ? (
        <p role="status">…</p>
      ) : (
        <>
          <h3 id="notice-view-title">
            {data.pinned && <span className="badge">{t('notice.pinned')}</span>} {data.title}
          </h3>
          <p className="muted">{t('notice.by', { nickname: data.author?.nickname ?? '', date: formatDateTime(data.createdAt, locale) })}</p>
          <NoticeBody notice={data} />
          {canWrite && (
            <div className="notice-actions">
              <button type="button" className="btn" onClick={() => onEdit(data)}>
                {t('notice.edit')}
              </button>
              <button type="button" className="btn" onClick={() => void remove()} disabled={deleting}>
                {t('notice.delete')}
              </button>
            </div>
          )}
        </>
      )}
      {confirmDialog}
    </article>
  );
}
