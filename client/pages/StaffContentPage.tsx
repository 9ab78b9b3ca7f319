import { type FormEvent, type ReactElement, useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { HOME_CONTENT_KINDS, type HomeContentKind, type StaffHomeContent, TEXT_FIELDS, TEXT_LOCALES } from '../../src/shared/home-content-schemas';
import { IMAGE_ACCEPT } from '../../src/shared/uploads';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { call } from '../data/api';
import { useFailureWords } from '../data/use-mutation';
import { ConfirmModal } from '../components/modals/ConfirmModal';
import { StaffFrame } from '../components/staff/StaffFrame';
import { LOCALE_NAMES } from '../i18n/locale-names';

type Row = StaffHomeContent[HomeContentKind][number];
type Field = { name: string; type: 'text' | 'textarea' | 'number' | 'url' | 'when' | 'select'; required?: boolean; options?: readonly string[] };

/** The form of each kind, beside the brand, the other locales' texts and the image. */
const FIELDS: Record<HomeContentKind, readonly Field[]> = {
  banners: [
    { name: 'style', type: 'select', options: ['classic', 'new'] },
    { name: 'title', type: 'text', required: true },
    { name: 'subtitle', type: 'text' },
    { name: 'linkUrl', type: 'url', required: true },
    { name: 'sort', type: 'number' },
    { name: 'startsAt', type: 'when', required: true },
    { name: 'endsAt', type: 'when' },
  ],
  popups: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'textarea', required: true },
    { name: 'linkUrl', type: 'url' },
    { name: 'startsAt', type: 'when', required: true },
    { name: 'endsAt', type: 'when' },
  ],
  themes: [
    { name: 'code', type: 'text', required: true },
    { name: 'name', type: 'text', required: true },
    { name: 'device', type: 'select', options: ['ALL', 'PC', 'MOBILE'] },
    { name: 'sort', type: 'number' },
  ],
  logos: [
    { name: 'name', type: 'text', required: true },
    { name: 'linkUrl', type: 'url', required: true },
    { name: 'sort', type: 'number' },
  ],
};
const HAS_IMAGE: Record<HomeContentKind, 'required' | 'optional' | null> = { banners: 'required', popups: 'optional', themes: null, logos: 'required' };

// Times are entered and shown in Korean time (UTC+9), the service's own.
const KST_MS = 9 * 3600_000;
const toInput = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : new Date(ms + KST_MS).toISOString().slice(0, 16));
const fromInput = (value: string) => (value ? String(Date.parse(`${value}:00+09:00`)) : '');

/** The API's multipart form from the page's: times to milliseconds, the other locales' inputs to one `texts` JSON. */
function apiForm(kind: HomeContentKind, element: HTMLFormElement): FormData {
  const source = new FormData(element);
  const out = new FormData();
  const texts: Record<string, Record<string, string>> = {};
  for (const [name, value] of source) {
    const text = /^text\.(\w+)\.(\w+)$/.exec(name);
    if (text) {
      if (typeof value === 'string' && value.trim()) texts[text[1]!] = { ...texts[text[1]!], [text[2]!]: value };
    } else if (value instanceof File) {
      if (value.size > 0) out.append(name, value);
    } else if (FIELDS[kind].some((f) => f.name === name && f.type === 'when')) out.append(name, fromInput(value));
    else out.append(name, value);
  }
  if (TEXT_FIELDS[kind].length > 0) out.append('texts', JSON.stringify(texts));
  return out;
}

const labelOf = (row: Row) => ('title' in row ? row.title : row.name);

/** Staff's editing of the home content of every brand (P and O members): banners, popups, themes and partner logos. */
export function StaffContentPage({ props }: { props: PageProps<'STAFF_CONTENT'> }) {
  const t = useT();
  const data = props.data;
  return (
    <StaffFrame staff={data.staff} current="content" title={t('staffContent.title')} only={t('staffContent.only')} className="staff-content">
      <p>{t('staffContent.intro')}</p>
      {data.content ? HOME_CONTENT_KINDS.map((kind) => <KindEditor key={kind} kind={kind} content={data.content!} />) : <p role="alert">{t('staffContent.loadFailed')}</p>}
    </StaffFrame>
  );
}

function KindEditor({ kind, content }: { kind: HomeContentKind; content: StaffHomeContent }) {
  const t = useT();
  const words = useFailureWords();
  const router = useRouter();
  const rows = content[kind] as Row[];
  const [editing, setEditing] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [state, setState] = useState({ sending: false, done: '', error: '' });
  const prefix = `content-${kind}`;

  const finish = async (res: { ok: boolean; status: number; code: string | null; message: string }, done: string) => {
    setState({ sending: false, done: res.ok ? done : '', error: res.ok ? '' : (words(res, { fallback: 'staffContent.failed' }) ?? '') });
    if (res.ok) setEditing(null);
    await router.refresh({ keepScroll: true });
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (state.sending) return;
    setState({ sending: true, done: '', error: '' });
    const form = apiForm(kind, element);
    const res = editing ? await call('PUT', `/api/admin/home-content/${kind}/:id`, { param: { id: editing.id }, form }) : await call('POST', `/api/admin/home-content/${kind}`, { form });
    await finish(res, t('staffContent.saved', { id: res.body?.id ?? '' }));
    if (res.ok) element.reset();
  };
  const remove = async (row: Row) => {
    setRemoving(null);
    setState({ sending: true, done: '', error: '' });
    await finish(await call('DELETE', `/api/admin/home-content/${kind}/:id`, { param: { id: row.id } }), t('staffContent.removed', { id: row.id }));
  };
  const brandName = (brand: string) => (brand === '*' ? t('staffContent.allBrands') : brand);

  return (
    <section className="section" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>{t(`staffContent.kinds.${kind}`)}</h2>
      {rows.length === 0 ? (
        <p className="empty-state">{t('staffContent.empty')}</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t(`staffContent.kinds.${kind}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staffContent.columns.id')}</th>
              <th scope="col">{t('staffContent.fields.brand')}</th>
              <th scope="col">{t('staffContent.columns.text')}</th>
              <th scope="col">{t('staffContent.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">#{row.id}</th>
                <td>{brandName(row.brand)}</td>
                <td>{labelOf(row)}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => setEditing(row)} aria-label={t('staffContent.editOne', { name: labelOf(row) })}>
                    {t('staffContent.edit')}
                  </button>{' '}
                  <button type="button" className="btn btn-small" onClick={() => setRemoving(row)} aria-label={t('staffContent.removeOne', { name: labelOf(row) })}>
                    {t('staffContent.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form key={editing?.id ?? 'new'} method="post" className="staff-form" aria-labelledby={`${prefix}-form-title`} onSubmit={submit}>
        <h3 id={`${prefix}-form-title`}>{editing ? t('staffContent.editTitle', { id: editing.id }) : t(`staffContent.add.${kind}`)}</h3>
        <div className="field">
          <label className="field-label" htmlFor={`${prefix}-brand`}>
            {t('staffContent.fields.brand')}
          </label>
          <select id={`${prefix}-brand`} name="brand" className="input" defaultValue={editing?.brand ?? '*'}>
            {['*', ...content.brands].map((brand) => (
              <option key={brand} value={brand}>
                {brandName(brand)}
              </option>
            ))}
          </select>
        </div>
        {FIELDS[kind].map((field) => (
          <FieldInput key={field.name} prefix={prefix} field={field} value={(editing as Record<string, unknown> | null)?.[field.name]} />
        ))}
        {TEXT_LOCALES.map((locale) =>
          TEXT_FIELDS[kind].length === 0 ? null : (
            <fieldset key={locale} className="field">
              <legend>{t('staffContent.inLocale', { language: LOCALE_NAMES[locale] })}</legend>
              {TEXT_FIELDS[kind].map((name) => {
                const id = `${prefix}-${locale}-${name}`;
                const value = (editing as { texts?: Record<string, Record<string, string>> } | null)?.texts?.[locale]?.[name] ?? '';
                return (
                  <div key={name}>
                    <label className="field-label" htmlFor={id}>
                      {t(`staffContent.fields.${name}`)}
                    </label>
                    <input id={id} name={`text.${locale}.${name}`} className="input" defaultValue={value} lang={locale} />
                  </div>
                );
              })}
            </fieldset>
          ),
        )}
        {HAS_IMAGE[kind] && (
          <div className="field">
            <label className="field-label" htmlFor={`${prefix}-image`}>
              {t('staffContent.fields.image')}
            </label>
            <input id={`${prefix}-image`} name="image" type="file" accept={IMAGE_ACCEPT} required={HAS_IMAGE[kind] === 'required' && !editing} aria-describedby={`${prefix}-image-hint`} />
            <p id={`${prefix}-image-hint`} className="field-hint">
              {editing ? t('staffContent.imageKept') : t('staffContent.imageHint')}
            </p>
          </div>
        )}
        <div className="modal-actions">
          {editing && (
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={state.sending}>
            {editing ? t('staffContent.save') : t('staffContent.create')}
          </button>
        </div>
        <p role="status">{state.done}</p>
        {state.error && (
          <p className="form-error" role="alert">
            {state.error}
          </p>
        )}
      </form>
      <ConfirmModal
        id={`${prefix}-remove`}
        open={removing !== null}
        title={t('staffContent.removeTitle')}
        message={removing ? t('staffContent.removeConfirm', { name: labelOf(removing) }) : ''}
        confirmLabel={t('staffContent.remove')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function FieldInput({ prefix, field, value }: { prefix: string; field: Field; value: unknown }) {
  const t = useT();
  const id = `${prefix}-${field.name}`;
  const label = (
    <label className="field-label" htmlFor={id}>
      {t(`staffContent.fields.${field.name}`)}
    </label>
  );
  const text = value === null || value === undefined ? '' : String(value);
  let input: ReactElement;
  if (field.type === 'select') {
    input = (
      <select id={id} name={field.name} className="input" defaultValue={text || field.options![0]}>
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {t(`staffContent.options.${option}`)}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    input = <textarea id={id} name={field.name} className="input" rows={3} required={field.required} defaultValue={text} />;
  } else if (field.type === 'when') {
    input = <input id={id} name={field.name} type="datetime-local" className="input" required={field.required} defaultValue={toInput(value as number | null | undefined)} />;
  } else {
    input = (
      <input
        id={id}
        name={field.name}
        type={field.type === 'number' ? 'number' : 'text'}
        inputMode={field.type === 'url' ? 'url' : undefined}
        className="input"
        required={field.required}
        defaultValue={field.type === 'number' ? text || '0' : text}
      />
    );
  }
  return (
    <div className="field">
      {label}
      {input}
    </div>
  );
}
