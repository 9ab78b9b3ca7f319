import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { ACCOUNT_CHANGE_KINDS, CS_LIMITS, CS_PATHS, INQUIRY_BOARD_TYPES, INQUIRY_CATEGORY_IDS } from '../../src/shared/cs-rules';
import type { CsAttachment, Inquiry } from '../../src/shared/cs-schemas';
import { IMAGE_ACCEPT } from '../../src/shared/uploads';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { deleteInquiry, requestAccountChange, withdrawReport, writeInquiry } from '../data/cs-api';
import type { ApiResult } from '../data/api';
import { CsNav, Paragraphs } from '../components/cs/CsNav';
import { useMutation } from '../data/use-mutation';
import { formatDate } from '../lib/format';
import { formatDateTime } from '../lib/format-detail';
import { useConfirm } from '../components/ui/use-confirm';

const FILE_ACCEPT = `${IMAGE_ACCEPT},application/pdf`;

/** A member's customer service: their inquiries (and the answers), their reports, their account change requests. */
export function CsDeskPage({ props }: { props: PageProps<'CS_DESK'> }) {
  const data = props.data;
  return (
    <section className="cs-page" aria-labelledby="cs-title">
      <CsNav props={props} />
      <h1 id="cs-title">{data.view === 'inquiry' ? (data.inquiry?.title ?? data.title) : data.title}</h1>
      {data.view === 'inquiries' && <Inquiries props={props} />}
      {data.view === 'inquiry' && <InquiryView props={props} />}
      {data.view === 'reports' && <Reports props={props} />}
      {data.view === 'account-change' && <AccountChanges props={props} />}
    </section>
  );
}

/** A form's status line: what is happening, or what went wrong (the server's words); one send at a time. */
function useSend() {
  const { run, pending, failure } = useMutation((work: () => Promise<ApiResult<unknown>>) => work(), { fallback: 'cs.failed', show: 'form' });
  const send = async <T,>(work: () => Promise<ApiResult<T>>): Promise<T | null> => {
    const res = await run(work);
    return res?.ok ? (res.body as T | null) : null;
  };
  return { sending: pending, error: failure ?? '', send };
}

/** A form whose empty file input sends no file. */
function formOf(element: HTMLFormElement): FormData {
  const form = new FormData(element);
  const files = form.getAll('files').filter((f) => f instanceof File && f.size > 0);
  form.delete('files');
  for (const f of files) form.append('files', f);
  return form;
}

function Attachments({ files }: { files: CsAttachment[] }) {
  const t = useT();
  if (files.length === 0) return null;
  return (
    <ul className="cs-files" aria-label={t('cs.files')}>
      {files.map((f, i) => (
        <li key={f.key}>
          <a href={f.url} target="_blank" rel="noopener">
            {t('cs.fileN', { n: i + 1 })} ({f.contentType})
          </a>
        </li>
      ))}
    </ul>
  );
}

function Status({ inquiry }: { inquiry: Inquiry }) {
  const t = useT();
  return <span className={`badge cs-status cs-status-${inquiry.status}`}>{t(`cs.inquiry.status.${inquiry.status}`)}</span>;
}

function Inquiries({ props }: { props: PageProps<'CS_DESK'> }) {
  const t = useT();
  const router = useRouter();
  const list = props.data.inquiries ?? null;
  const { sending, error, send } = useSend();
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const written = await send(() => writeInquiry(formOf(event.currentTarget)));
    if (written) await router.navigate(CS_PATHS.inquiry(written.id));
  };
  return (
    <>
      <section aria-labelledby="cs-write">
        <h2 id="cs-write">{t('cs.inquiry.write')}</h2>
        <form method="post" className="cs-form" onSubmit={submit}>
          <label htmlFor="inquiry-board">{t('cs.inquiry.boardType')}</label>
          <select id="inquiry-board" name="boardType" defaultValue="QNA">
            {INQUIRY_BOARD_TYPES.map((b) => (
              <option key={b} value={b}>
                {t(`cs.boardTypes.${b}`)}
              </option>
            ))}
          </select>
          <label htmlFor="inquiry-category">{t('cs.inquiry.category')}</label>
          <select id="inquiry-category" name="categoryId" defaultValue="1">
            {INQUIRY_CATEGORY_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`cs.categories.${id}`)}
              </option>
            ))}
          </select>
          <label htmlFor="inquiry-title">{t('cs.inquiry.titleField')}</label>
          <input id="inquiry-title" name="title" required maxLength={CS_LIMITS.titleLength} />
          <label htmlFor="inquiry-content">{t('cs.inquiry.content')}</label>
          <textarea id="inquiry-content" name="content" required maxLength={CS_LIMITS.inquiryLength} rows={6} />
          <label htmlFor="inquiry-files">{t('cs.attach')}</label>
          <input id="inquiry-files" name="files" type="file" multiple accept={FILE_ACCEPT} aria-describedby="inquiry-files-hint" />
          <p id="inquiry-files-hint" className="muted">
            {t('cs.attachHint', { n: CS_LIMITS.attachments })}
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {t('cs.inquiry.submit')}
          </button>
        </form>
      </section>
      <section aria-labelledby="cs-mine">
        <h2 id="cs-mine">{t('cs.inquiry.mine')}</h2>
        {!list ? (
          <p className="empty-state">{t('cs.loadFailed')}</p>
        ) : list.items.length === 0 ? (
          <p className="empty-state">{t('cs.inquiry.none')}</p>
        ) : (
          <ul className="cs-list">
            {list.items.map((inquiry) => (
              <li key={inquiry.id}>
                <Status inquiry={inquiry} /> <a href={CS_PATHS.inquiry(inquiry.id)}>{inquiry.title}</a> <span className="muted">{formatDate(inquiry.createdAt, props.locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function InquiryView({ props }: { props: PageProps<'CS_DESK'> }) {
  const t = useT();
  const router = useRouter();
  const inquiry = props.data.inquiry ?? null;
  const { sending, error, send } = useSend();
  const { confirm, confirmDialog } = useConfirm('inquiry-delete-modal');
  if (!inquiry) return <p className="empty-state">{t('cs.errors.inquiryNotFound')}</p>;
  const remove = async () => {
    if (!(await confirm(t('cs.inquiry.confirmDelete')))) return;
    if (await send(() => deleteInquiry(inquiry.id))) await router.navigate(CS_PATHS.inquiries, { replace: true });
  };
  return (
    <article className="cs-inquiry">
      <p>
        <Status inquiry={inquiry} /> {t(`cs.boardTypes.${inquiry.boardType}`)} · {t(`cs.categories.${inquiry.categoryId}`)} ·{' '}
        <span className="muted">{formatDateTime(inquiry.createdAt, props.locale)}</span>
      </p>
      <Paragraphs text={inquiry.content} />
      <Attachments files={inquiry.attachments} />
      <section className="cs-answer" aria-labelledby="cs-answer-title">
        <h2 id="cs-answer-title">{t('cs.inquiry.answer')}</h2>
        {inquiry.answer ? (
          <>
            <Paragraphs text={inquiry.answer} />
            {inquiry.answeredAt && <p className="muted">{formatDateTime(inquiry.answeredAt, props.locale)}</p>}
          </>
        ) : (
          <p className="muted">{t('cs.inquiry.waiting')}</p>
        )}
      </section>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <a href={CS_PATHS.inquiries}>{t('cs.backToList')}</a>{' '}
        <button type="button" className="btn btn-small btn-ghost" disabled={sending} onClick={remove}>
          {t('cs.inquiry.delete')}
        </button>
      </p>
      {confirmDialog}
    </article>
  );
}

function Reports({ props }: { props: PageProps<'CS_DESK'> }) {
  const t = useT();
  const router = useRouter();
  const list = props.data.reports ?? null;
  const { sending, error, send } = useSend();
  const withdraw = async (id: number) => {
    if (await send(() => withdrawReport(id))) await router.refresh({ keepScroll: true });
  };
  if (!list) return <p className="empty-state">{t('cs.loadFailed')}</p>;
  if (list.items.length === 0) return <p className="empty-state">{t('cs.report.none')}</p>;
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="cs-list">
        {list.items.map((r) => (
          <li key={`${r.source}-${r.id}`}>
            <span className="badge">{t(`cs.report.status.${r.status}`)}</span> {t(`cs.report.about.${r.targetType}`, { name: r.target?.nickname ?? r.targetId })} · {t(`cs.reasons.${r.reason}`)}{' '}
            <span className="muted">{formatDate(r.createdAt, props.locale)}</span>
            {r.quote && <blockquote className="cs-quote">{r.quote}</blockquote>}
            {r.content && <Paragraphs text={r.content} />}
            <Attachments files={r.attachments} />
            {/* Withdrawing takes our reports' ids only: a message report's id is of another table. */}
            {r.status === 'open' && r.source === 'cs' && (
              <button type="button" className="btn btn-small btn-ghost" disabled={sending} onClick={() => withdraw(r.id)}>
                {t('cs.report.withdraw')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function AccountChanges({ props }: { props: PageProps<'CS_DESK'> }) {
  const t = useT();
  const router = useRouter();
  const list = props.data.changes ?? null;
  const { sending, error, send } = useSend();
  const [sent, setSent] = useState(false);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await send(() => requestAccountChange(formOf(form)))) {
      form.reset();
      setSent(true);
      await router.refresh({ keepScroll: true });
    }
  };
  return (
    <>
      <form method="post" className="cs-form" onSubmit={submit}>
        <label htmlFor="change-kind">{t('cs.change.kind')}</label>
        <select id="change-kind" name="kind" defaultValue="name">
          {ACCOUNT_CHANGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`cs.change.kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor="change-content">{t('cs.change.content')}</label>
        <textarea id="change-content" name="content" required maxLength={CS_LIMITS.accountChangeLength} rows={4} />
        <label htmlFor="change-files">{t('cs.change.files')}</label>
        <input id="change-files" name="files" type="file" multiple accept={FILE_ACCEPT} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p role="status">{sent ? t('cs.change.sent') : ''}</p>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {t('cs.change.submit')}
        </button>
      </form>
      <h2>{t('cs.change.mine')}</h2>
      {!list || list.items.length === 0 ? (
        <p className="empty-state">{t('cs.change.none')}</p>
      ) : (
        <ul className="cs-list">
          {list.items.map((c) => (
            <li key={c.id}>
              <span className="badge">{t(`cs.change.status.${c.status}`)}</span> {t(`cs.change.kinds.${c.kind}`)} <span className="muted">{formatDate(c.createdAt, props.locale)}</span>
              <Paragraphs text={c.content} />
              {c.note && <p className="cs-note">{c.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
