import { type FormEvent, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import type { ClipCard, StaffClipsPageData } from '../../src/shared/clip-schemas';
import { STAFF_PATHS } from '../../src/shared/staff-paths';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { deleteClipAsStaff } from '../data/clip-api';
import { useFailureWords } from '../data/use-mutation';
import { Modal } from '../components/modals/Modal';
import { DialogFormActions } from '../components/modals/DialogFormActions';
import { StaffFrame } from '../components/staff/StaffFrame';
import { StaffPaging, StaffTable } from '../components/staff/StaffTable';
import { StreamThumb } from '../components/watch/StreamThumb';
import { formatDuration, formatInteger } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';

type ClipPage = NonNullable<StaffClipsPageData['list']>;

const pageHref = (query: string, offset: number) => {
  const params = new URLSearchParams({ ...(query ? { q: query } : {}), ...(offset > 0 ? { offset: String(offset) } : {}) });
  return params.size > 0 ? `${STAFF_PATHS.clips}?${params}` : STAFF_PATHS.clips;
};

/** Staff's clips (P and O members): every channel's, newest first, found by title, creator or id, and deleted with a reason. */
export function StaffClipsPage({ props }: { props: PageProps<'STAFF_CLIPS'> }) {
  const t = useT();
  const data = props.data;
  return (
    <StaffFrame staff={data.staff} current="clips" title={t('staff.clips.title')} only={t('payouts.staff.only')} className="staff-clips">
      <ClipSearch query={data.query} />
      {data.list ? <ClipTable key={`${data.query}:${data.list.offset}`} list={data.list} query={data.query} locale={props.locale} /> : <p role="alert">{t('staff.clips.loadFailed')}</p>}
    </StaffFrame>
  );
}

function ClipSearch({ query }: { query: string }) {
  const t = useT();
  const router = useRouter();
  // The words go in the page's address (titles and names, nothing secret), as a link to the result would.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void router.navigate(pageHref(String(new FormData(event.currentTarget).get('q') ?? '').trim(), 0));
  };
  return (
    <search>
      <form method="post" onSubmit={onSubmit} className="staff-lookup-form">
        <label htmlFor="staff-clips-q">{t('staff.clips.search')}</label>
        <input id="staff-clips-q" className="input" name="q" type="search" defaultValue={query} maxLength={48} />
        <button type="submit" className="btn btn-small">
          {t('staff.clips.submit')}
        </button>
      </form>
    </search>
  );
}

function ClipTable({ list, query, locale }: { list: ClipPage; query: string; locale: string }) {
  const t = useT();
  const router = useRouter();
  const [deleting, setDeleting] = useState<ClipCard | null>(null);
  const [done, setDone] = useState('');
  const first = list.total === 0 ? 0 : list.offset + 1;
  const last = list.offset + list.items.length;
  const deleted = async (clip: ClipCard) => {
    setDeleting(null);
    setDone(t('staff.clips.done', { title: clip.title }));
    await router.refresh({ keepScroll: true });
  };
  return (
    <>
      <p role="status" className="staff-done">
        {done}
      </p>
      {list.items.length === 0 ? (
        <p className="empty-state">{t(query ? 'staff.clips.noMatch' : 'staff.clips.empty')}</p>
      ) : (
        <StaffTable captionId="staff-clips-caption" caption={t('staff.clips.caption', { from: first, to: last, total: formatInteger(list.total, locale) })}>
          <thead>
            <tr>
              <th scope="col">{t('staff.clips.columns.clip')}</th>
              <th scope="col">{t('staff.clips.columns.channel')}</th>
              <th scope="col">{t('staff.clips.columns.maker')}</th>
              <th scope="col">{t('staff.clips.columns.length')}</th>
              <th scope="col">{t('staff.clips.columns.views')}</th>
              <th scope="col">{t('staff.clips.columns.createdAt')}</th>
              <th scope="col">{t('staff.clips.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((clip) => (
              <tr key={clip.clipId} data-clip-id={clip.clipId}>
                <th scope="row" className="staff-clip">
                  <span className="staff-clip-picture">
                    <StreamThumb url={clip.pictureUrl} nickname={clip.creator.nickname} gate={clip.adult ? 'adult' : null} />
                  </span>
                  <a href={`/clip/${clip.clipId}`}>{clip.title}</a>
                </th>
                <td>{t('payouts.staff.creator', { nickname: clip.creator.nickname, loginId: clip.creator.loginId })}</td>
                <td>{t('payouts.staff.creator', { nickname: clip.maker.nickname, loginId: clip.maker.loginId })}</td>
                <td className="num">{formatDuration(clip.durationMs)}</td>
                <td className="num">{formatInteger(clip.viewCount, locale)}</td>
                <td className="when">{formatDateTime(clip.createdAt, locale)}</td>
                <td className="staff-actions">
                  <button type="button" className="btn btn-small" aria-label={t('staff.clips.deleteLabel', { title: clip.title })} onClick={() => setDeleting(clip)}>
                    {t('staff.clips.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </StaffTable>
      )}
      <StaffPaging list={list} href={(offset) => pageHref(query, offset)} />
      <DeleteDialog clip={deleting} onCancel={() => setDeleting(null)} onDeleted={deleted} />
    </>
  );
}

/** Deleting a clip asks why: the reason goes to the audit log with what the clip was. */
function DeleteDialog({ clip, onCancel, onDeleted }: { clip: ClipCard | null; onCancel: () => void; onDeleted: (clip: ClipCard) => void }) {
  const t = useT();
  const words = useFailureWords();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = () => {
    setFailure(null);
    onCancel();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clip || busy) return;
    setBusy(true);
    const result = await deleteClipAsStaff(clip.clipId, String(new FormData(event.currentTarget).get('reason') ?? ''));
    setBusy(false);
    if (result.ok) {
      setFailure(null);
      return onDeleted(clip);
    }
    setFailure(words(result, { fallback: 'staff.clips.failed' }));
  };
  return (
    <Modal id="staff-clip-delete" open={clip !== null} title={t('staff.clips.dialogTitle')} onCancel={cancel}>
      <form method="post" onSubmit={submit} className="clip-form">
        <p>{clip ? t('staff.clips.dialogMessage', { title: clip.title, nickname: clip.creator.nickname }) : ''}</p>
        <label htmlFor="staff-clip-reason">{t('staff.clips.reason')}</label>
        <textarea id="staff-clip-reason" name="reason" required maxLength={200} rows={3} />
        <DialogFormActions failure={failure} busy={busy} submitLabel={t('staff.clips.confirm')} onCancel={cancel} />
      </form>
    </Modal>
  );
}
