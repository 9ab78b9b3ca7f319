import { useEffect, useState, type ReactNode } from 'react';
import type { CasterData, PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { showInUrl } from '../app/in-page-history';
import { Tabs } from '../components/ui/Tabs';
import { StreamKeyPanel } from '../components/caster/StreamKeyPanel';
import { GoLivePanel } from '../components/caster/GoLivePanel';
import { LiveSettingsForm, RegisterChannelForm } from '../components/caster/ChannelForms';
import { LazyLuvPresetEditor } from '../components/caster/LazyLuvPresetEditor';
import { LazyPayoutPanel } from '../components/caster/LazyPayoutPanel';
import { ChannelProfileSection } from '../components/caster/ChannelProfileForm';
import { BoardSettingSection } from '../components/board/BoardSettingSection';
import { LazyEmojiManager } from '../components/caster/LazyEmojiManager';
import { AgencyStatus } from '../components/caster/AgencyStatus';
import { STUDIO_SECTIONS, sectionFrom, type StudioSection } from '../components/caster/studio-sections';

/** The section in the page's query, other parameters kept; the first section needs none. */
function searchWith(section: StudioSection): string {
  const params = new URLSearchParams(window.location.search);
  if (section === STUDIO_SECTIONS[0]) params.delete('section');
  else params.set('section', section);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The creator studio: register a channel, or its sections (channel, live, money, community) in tabs. */
export function CasterPage({ props }: { props: PageProps<'CASTER'> }) {
  const t = useT();
  const data = props.data;
  return (
    <section className="caster-page" aria-labelledby="caster-title">
      <h1 id="caster-title">{t('caster.title')}</h1>
      {data.origin === undefined ? (
        <p className="empty-state">{t('caster.loadFailed')}</p>
      ) : !data.channel ? (
        <RegisterChannelForm themes={data.themes ?? []} nickname={props.me?.nickname ?? ''} />
      ) : (
        <Studio props={props} data={data as CasterData & { channel: NonNullable<CasterData['channel']> }} />
      )}
    </section>
  );
}

function Studio({ props, data }: { props: PageProps; data: CasterData & { channel: NonNullable<CasterData['channel']> } }) {
  const t = useT();
  const fromUrl = sectionFrom(props.query);
  const [section, setSection] = useState(fromUrl);
  // A section opened once stays mounted (hidden), so what was typed in its forms survives a look at another.
  const [opened, setOpened] = useState<ReadonlySet<StudioSection>>(() => new Set([fromUrl]));
  const open = (next: StudioSection) => {
    setSection(next);
    setOpened((was) => (was.has(next) ? was : new Set([...was, next])));
    showInUrl(searchWith(next), 'replace');
  };
  // A link to another section of the studio (the page loaded again with a new query) opens it.
  useEffect(() => {
    setSection(fromUrl);
    setOpened((was) => (was.has(fromUrl) ? was : new Set([...was, fromUrl])));
  }, [fromUrl]);
  const channelPath = `/channel/${encodeURIComponent(props.me?.loginId ?? '')}`;
  const panels: Record<StudioSection, () => ReactNode> = {
    channel: () => (
      <>
        <ChannelProfileSection initial={data.profile} />
        {props.brand.features.agencyInvites && <AgencyStatus />}
      </>
    ),
    // Going live from this tab first, then an encoder's setup (OBS, ffmpeg), then the settings.
    live: () => (
      <>
        <GoLivePanel channelId={data.channel.channelId} settings={data.settings} me={props.me} />
        <StreamKeyPanel key={data.channel.channelId} initial={data.channel} origin={data.origin} />
        {data.settings ? <LiveSettingsForm settings={data.settings} themes={data.themes} /> : <p className="empty-state">{t('caster.studio.settingsUnavailable')}</p>}
      </>
    ),
    money: () => (
      <>
        {props.brand.features.luv && <LazyPayoutPanel />}
        <LazyLuvPresetEditor />
      </>
    ),
    community: () => (
      <>
        <section className="section" aria-labelledby="studio-notices-title">
          <h2 id="studio-notices-title">{t('caster.studio.notices')}</h2>
          <p className="muted">{t('caster.studio.noticesHelp')}</p>
          <p>
            <a href={`${channelPath}?tab=notices`}>{t('caster.studio.noticesLink')}</a>
          </p>
        </section>
        <BoardSettingSection channelId={data.channel.channelId} />
        <LazyEmojiManager />
      </>
    ),
  };
  return (
    <>
      <p>
        <a href={channelPath}>{t('caster.viewChannel')}</a>
      </p>
      <Tabs id="studio" label={t('caster.studio.sections')} tabs={STUDIO_SECTIONS.map((key) => ({ key, label: t(`caster.studio.${key}`) }))} selected={section} onSelect={open}>
        {STUDIO_SECTIONS.filter((key) => opened.has(key)).map((key) => (
          <div key={key} className="studio-section" data-section={key} hidden={key !== section}>
            {panels[key]()}
          </div>
        ))}
      </Tabs>
    </>
  );
}
