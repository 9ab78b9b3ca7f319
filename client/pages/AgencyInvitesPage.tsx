import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { AGENCY_PATHS } from '../../src/shared/agency';
import type { AgencyInvite } from '../../src/shared/agency-schemas';
import type { PageProps } from '../../src/shared/page-props';
import { contractLink, respondToInvite, useInvite, useMyInvites } from '../data/agency-api';
import { useT } from '../i18n/i18n';
import { useFailureWords } from '../data/use-mutation';
import { formatDateTime } from '../lib/format-detail';

/** The creator's agency invites (docs/product/community.md, "Channel board", Agencies): the list, one invite read, its contract, the answer. */
export function AgencyInvitesPage({ props }: { props: PageProps<'AGENCY_INVITES'> }) {
  const t = useT();
  const { data, error } = useMyInvites();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="agency-invites-page" aria-labelledby="agency-invites-title">
      <h1 id="agency-invites-title">{t('agency.invites.title')}</h1>
      {data && <p data-testid="agency-link-state">{data.agency ? t('agency.invites.linked', { name: data.agency.name }) : t('agency.invites.notLinked')}</p>}
      {error ? (
        <p role="alert">{t('agency.invites.failed')}</p>
      ) : !data ? (
        <p role="status">{t('emoji.picker.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty-state">{t('agency.invites.empty')}</p>
      ) : (
        <ul className="agency-invite-list">
          {data.items.map((invite) => (
            <li key={invite.inviteId} className="agency-invite-row">
              <strong>{t('agency.invites.from', { name: invite.agency.name })}</strong> {!invite.readAt && invite.status === 'pending' && <span className="badge">{t('agency.invites.new')}</span>}{' '}
              <span>{t(`agency.invites.status.${invite.status}`)}</span> <span>{t('agency.invites.expires', { date: formatDateTime(invite.expiresAt, props.locale) })}</span>{' '}
              <button type="button" className="btn btn-small" aria-expanded={open === invite.inviteId} onClick={() => setOpen(open === invite.inviteId ? null : invite.inviteId)}>
                {t('agency.invites.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <InviteDetail id={open} locale={props.locale} />}
    </section>
  );
}

function InviteDetail({ id, locale }: { id: number; locale: string }) {
  const t = useT();
  const words = useFailureWords();
  const { mutate } = useSWRConfig();
  const { data: invite, error, mutate: mutateOne } = useInvite(id);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refreshLists = () => Promise.all([mutate(AGENCY_PATHS.mine), mutate(AGENCY_PATHS.hasNew)]);
  // Opening the invite marked it read: the list and the badge follow, once per invite opened.
  const loaded = invite?.inviteId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshLists is the same two mutations every render
  useEffect(() => {
    if (loaded) void refreshLists();
  }, [loaded]);

  const answer = async (current: AgencyInvite, type: 'accept' | 'decline') => {
    setBusy(true);
    const done = await respondToInvite(current.inviteId, type);
    setBusy(false);
    if (!done.ok || !done.body) return setFailure(words(done, { fallback: 'agency.invites.failed' }));
    setFailure(null);
    setOutcome(type === 'accept' ? t('agency.invites.accepted', { name: current.agency.name }) : t('agency.invites.declined'));
    await mutateOne(done.body, { revalidate: false });
    await refreshLists();
  };
  const download = async (url: string) => {
    const link = await contractLink(url);
    if (!link.ok || !link.body) return setFailure(words(link, { fallback: 'agency.invites.failed' }));
    window.location.assign(link.body.url);
  };

  if (error) return <p role="alert">{error.message || t('agency.invites.failed')}</p>;
  if (!invite) return <p role="status">{t('emoji.picker.loading')}</p>;
  return (
    <article className="agency-invite" aria-labelledby="agency-invite-title">
      <h2 id="agency-invite-title">{t('agency.invites.from', { name: invite.agency.name })}</h2>
      <p>
        {t(`agency.invites.status.${invite.status}`)} · {t('agency.invites.expires', { date: formatDateTime(invite.expiresAt, locale) })}
      </p>
      {invite.message && (
        <>
          <h3>{t('agency.invites.message')}</h3>
          <p className="agency-invite-message">{invite.message}</p>
        </>
      )}
      {invite.contractUrl ? (
        <button type="button" className="btn" onClick={() => download(invite.contractUrl!)}>
          {t('agency.invites.contract')}
        </button>
      ) : (
        <p>{t('agency.invites.noContract')}</p>
      )}
      {invite.status === 'pending' && (
        <p className="agency-invite-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => answer(invite, 'accept')}>
            {t('agency.invites.accept')}
          </button>{' '}
          <button type="button" className="btn" disabled={busy} onClick={() => answer(invite, 'decline')}>
            {t('agency.invites.decline')}
          </button>
        </p>
      )}
      {outcome && <p role="status">{outcome}</p>}
      {failure && <p role="alert">{failure}</p>}
    </article>
  );
}
