import type { CasterData, PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { StreamKeyPanel } from '../components/caster/StreamKeyPanel';
import { ChannelSettingsForm, RegisterChannelForm } from '../components/caster/ChannelForms';
import { LazyLuvPresetEditor } from '../components/caster/LazyLuvPresetEditor';
import { LazyPayoutPanel } from '../components/caster/LazyPayoutPanel';
import { ChannelProfileSection } from '../components/caster/ChannelProfileForm';
import { BoardSettingSection } from '../components/board/BoardSettingSection';

/** The creator studio: register a channel, or get its stream key, encoder commands, settings, gift presets and payouts. */
export function CasterPage({ props }: { props: PageProps }) {
  const t = useT();
  const data = props.data as Partial<CasterData>;
  const themes = data.themes ?? [];
  return (
    <section className="caster-page" aria-labelledby="caster-title">
      <h1 id="caster-title">{t('caster.title')}</h1>
      {data.origin === undefined ? (
        <p className="empty-state">{t('caster.loadFailed')}</p>
      ) : !data.channel ? (
        <RegisterChannelForm themes={themes} nickname={props.me?.nickname ?? ''} />
      ) : (
        <>
          <p>
            <a href={`/channel/${encodeURIComponent(props.me?.loginId ?? '')}`}>{t('caster.viewChannel')}</a>
          </p>
          <StreamKeyPanel key={data.channel.channelId} initial={data.channel} origin={data.origin} />
          {data.settings ? <ChannelSettingsForm settings={data.settings} themes={themes} /> : <p className="empty-state">{t('caster.settingsUnavailable')}</p>}
          <ChannelProfileSection />
          <BoardSettingSection channelId={data.channel.channelId} />
          <LazyLuvPresetEditor />
          {props.brand.features.luv && <LazyPayoutPanel />}
        </>
      )}
    </section>
  );
}
