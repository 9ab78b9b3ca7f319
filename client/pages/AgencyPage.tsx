import { useState, type FormEvent } from 'react';
import { AGENCY_INVITE_DAYS } from '../../src/shared/agency';
import type { PageProps } from '../../src/shared/page-props';
import { sendInvite, useSentInvites } from '../data/agency-api';
import { useT } from '../i18n/i18n';
import { useMutation } from '../data/use-mutation';
import { FormStatus } from '../components/ui/small-form';
import { formatDateTime } from '../lib/format-detail';

/** An agency's own page: invite a creator (with a PDF contract) and follow the invites it sent. */
export function AgencyPage({ props }: { props: PageProps<'AGENCY'> }) {
  const t = useT();
  const { data, error, mutate } = useSentInvites();
  const invite = useMutation(sendInvite, { fallback: 'agency.invites.failed', show: 'form' });
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    // No file chosen: no contract part at all (an empty one would be refused as not a PDF).
    const contract = body.get('contract');
    if (contract instanceof File && contract.size === 0) body.delete('contract');
    const done = await invite.run(body);
    if (!done) return;
    if (!done.ok || !done.body) return setSent(null);
    setSent(t('agency.page.sent', { loginId: done.body.creator.loginId }));
    form.reset();
    await mutate();
  };

  if (error?.status === 403) {
    return (
      <section aria-labelledby="agency-title">
        <h1 id="agency-title">{t('agency.page.title')}</h1>
        <p>{t('agency.page.notAgency')}</p>
      </section>
    );
  }
  return (
    <section className="agency-page" aria-labelledby="agency-title">
      <h1 id="agency-title">{data ? `${t('agency.page.title')}: ${data.agency.name}` : t('agency.page.title')}</h1>
      <form method="post" className="form" onSubmit={submit} aria-labelledby="agency-invite-form-title">
        <h2 id="agency-invite-form-title">{t('agency.page.invite')}</h2>
        <label htmlFor="agency-login">{t('agency.page.loginId')}</label>
        <input id="agency-login" name="loginId" required maxLength={40} autoComplete="off" />
        <label htmlFor="agency-message">{t('agency.page.message')}</label>
        <textarea id="agency-message" name="message" maxLength={1000} rows={3} />
        <label htmlFor="agency-days">{t('agency.page.days')}</label>
        <input id="agency-days" name="days" type="number" min={AGENCY_INVITE_DAYS.min} max={AGENCY_INVITE_DAYS.max} defaultValue={AGENCY_INVITE_DAYS.default} />
        <label htmlFor="agency-contract">{t('agency.page.contract')}</label>
        <input id="agency-contract" name="contract" type="file" accept="application/pdf" />
        <button type="submit" className="btn btn-primary" disabled={invite.pending}>
          {t('agency.page.send')}
        </button>
        {sent && <p role="status">{sent}</p>}
        <FormStatus failure={invite.failure} />
      </form>
      <h2>{t('agency.page.sentList')}</h2>
      {!data ? (
        <p role="status">{t('emoji.picker.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty-state">{t('agency.invites.empty')}</p>
      ) : (
        <table className="agency-sent">
          <thead>
            <tr>
              <th scope="col">{t('agency.page.to')}</th>
              <th scope="col">{t('agency.page.status')}</th>
              <th scope="col">{t('agency.page.days')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((invite) => (
              <tr key={invite.inviteId}>
                <td>
                  {invite.creator.nickname} ({invite.creator.loginId})
                </td>
                <td>{t(`agency.invites.status.${invite.status}`)}</td>
                <td>{formatDateTime(invite.expiresAt, props.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
