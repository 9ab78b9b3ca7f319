import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { Me } from '../../../src/shared/page-props';
import type { OwnChannelSettings } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { fetchStreamKey, passwordSetting, saveChannelSettings } from '../../data/watch-api';
import { formatDuration } from '../../lib/format';
import { useFailureNotice, useOneAtATime } from '../../data/use-mutation';
import { ConfirmModal } from '../modals/ConfirmModal';
import { Spinner } from '../auth/Spinner';
import { FormStatus } from '../ui/small-form';
import { LazyChat } from '../chat/LazyChat';
import { type CaptureDevices, canUseWebCodecs, frameRateOf, isPermissionError, listDevices, openMicrophone, openVideo, recorderType, snapshotOf, type VideoSourceKind } from './golive/capture';
import { defaultSourceHeight, planLadder, SOURCE_HEIGHTS } from './golive/ladder';
import { LiveHealth } from './golive/LiveHealth';
import { SourceFields } from './golive/SourceFields';
import type { BroadcastStats, LiveBroadcast } from './golive/studio-broadcast';

// Going live from this tab, with no encoder to install: docs/product/watching-and-chat.md, "Going live from the studio".
// The encoding code (mediabunny, and AAC in WebAssembly where the browser has none; or MediaRecorder's, where
// WebCodecs is missing) loads only when Start is pressed.
const loadBroadcast = () => import('./golive/studio-broadcast');
const loadRecorder = () => import('./golive/recorder-broadcast');

type Phase = 'setup' | 'starting' | 'live' | 'ending';

/** A camera, and WebCodecs with frames read off a track, or else MediaRecorder's MP4: elsewhere the panel points to OBS and ffmpeg. */
const canCapture = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && (canUseWebCodecs() || recorderType(false) !== null);

/** The live could not be encoded in this browser after all (no H.264 encoder took the capture). */
class NoEncoder extends Error {}

/** The studio's "Go live": pick a camera or screen and a microphone, preview, set the title and gates, Start; then health, mute, switch, End. */
export function GoLivePanel({ channelId, settings, me }: { channelId: number; settings: OwnChannelSettings | null; me: Me | null }) {
  const t = useT();
  const notice = useFailureNotice();
  const pushToast = useSetAtom(pushToastAtom);
  const { pending, once } = useOneAtATime();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [kind, setKind] = useState<VideoSourceKind>('camera');
  const [devices, setDevices] = useState<CaptureDevices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [maxHeight, setMaxHeight] = useState<number>(SOURCE_HEIGHTS[0]);
  const [video, setVideo] = useState<MediaStreamTrack | null>(null);
  const [audio, setAudio] = useState<MediaStreamTrack | null>(null);
  const [title, setTitle] = useState(settings?.title ?? '');
  const [adult, setAdult] = useState(settings?.adult ?? false);
  const [locked, setLocked] = useState(settings?.hasPassword ?? false);
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>('setup');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<string[]>([]);
  const [canSwitch, setCanSwitch] = useState(true);
  const [stats, setStats] = useState<BroadcastStats | null>(null);
  const [viewers, setViewers] = useState<number | null>(null);
  const [muted, setMuted] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [liveSince, setLiveSince] = useState(0);
  const [now, setNow] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const qualityField = useRef<HTMLSelectElement>(null);
  const broadcast = useRef<LiveBroadcast | null>(null);
  const tracks = useRef<{ video: MediaStreamTrack | null; audio: MediaStreamTrack | null }>({ video: null, audio: null });
  tracks.current = { video, audio };

  useEffect(() => {
    setSupported(canCapture());
    // The server renders 720p; the browser knows its cores. A choice the person made before the page hydrated is on
    // the field, not yet in the state (client/app/hydrated-forms.ts takes it in next): it stays.
    if (qualityField.current?.value === String(SOURCE_HEIGHTS[0])) setMaxHeight(defaultSourceHeight(navigator.hardwareConcurrency));
  }, []);
  // The preview shows the picture being sent; the microphone is not played back (no echo).
  useEffect(() => {
    if (preview.current) preview.current.srcObject = video ? new MediaStream([video]) : null;
  }, [video]);
  // Leaving the studio ends the live cleanly and lets the camera and microphone go.
  useEffect(
    () => () => {
      void broadcast.current?.end();
      tracks.current.video?.stop();
      tracks.current.audio?.stop();
    },
    [],
  );
  // While live: the health figures every second, and a warning before the tab closes.
  useEffect(() => {
    if (phase !== 'live') return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (broadcast.current) setStats(broadcast.current.stats());
    }, 1000);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      clearInterval(timer);
      window.removeEventListener('beforeunload', warn);
    };
  }, [phase]);

  const capture = (next: VideoSourceKind = kind) =>
    once(async () => {
      setProblem(null);
      try {
        const track = await openVideo(next, cameraId, maxHeight);
        const mic = tracks.current.audio ?? (await openMicrophone(microphoneId));
        broadcast.current?.switchVideo(track);
        tracks.current.video?.stop();
        setKind(next);
        setVideo(track);
        setAudio(mic);
        setDevices(await listDevices());
      } catch (error) {
        setProblem(t(isPermissionError(error) ? 'caster.golive.permissionDenied' : 'caster.golive.captureFailed'));
      }
    });

  const changeMicrophone = async (id: string) => {
    setMicrophoneId(id);
    if (!video || phase !== 'setup') return;
    tracks.current.audio?.stop();
    setAudio(await openMicrophone(id).catch(() => null));
  };

  const start = () =>
    once(async () => {
      if (!video) return;
      setProblem(null);
      setPhase('starting');
      if (settings) {
        const saved = await saveChannelSettings({
          themeCode: settings.themeCode,
          title: title.trim() || settings.title,
          adult,
          adultPlus: adult ? settings.adultPlus : false,
          ...passwordSetting(locked, settings.hasPassword, password),
        });
        if (!saved.ok) {
          notice(saved, { fallback: 'errors.network' });
          return setPhase('setup');
        }
      }
      const key = await fetchStreamKey();
      if (!key.ok || !key.body) {
        notice(key, { fallback: 'errors.network' });
        return setPhase('setup');
      }
      try {
        const { width = 1280, height = 720 } = video.getSettings();
        const frameRate = frameRateOf(video);
        const plans = planLadder(width, height, frameRate, maxHeight);
        const common = {
          streamKey: key.body.streamKey,
          video,
          audio,
          frameRate,
          snapshot: () => (preview.current ? snapshotOf(preview.current) : Promise.resolve(null)),
          onFailure: ({ message }: { message: string }) => {
            broadcast.current = null;
            setProblem(message ? t('caster.golive.refused', { message }) : t('caster.golive.failed'));
            setPhase('setup');
          },
        };
        // WebCodecs where it encodes H.264 at these sizes; else one rendition as MediaRecorder records it.
        const webCodecs = canUseWebCodecs() ? await loadBroadcast() : null;
        const ladder = webCodecs ? await webCodecs.encodableLadder(plans, frameRate) : [];
        const mimeType = recorderType(audio !== null);
        if (webCodecs && ladder.length > 0) broadcast.current = await webCodecs.StudioBroadcast.start({ ...common, ladder });
        else if (mimeType && plans[0]) broadcast.current = await (await loadRecorder()).RecorderBroadcast.start({ ...common, plan: plans[0], mimeType });
        else throw new NoEncoder();
        broadcast.current.setMuted(muted);
        setSending(broadcast.current.sending);
        setCanSwitch(broadcast.current.canSwitchVideo);
        setLiveSince(Date.now());
        setNow(Date.now());
        setStats(null);
        setPhase('live');
      } catch (error) {
        broadcast.current = null;
        setProblem(t(error instanceof NoEncoder ? 'caster.golive.unsupported' : 'caster.golive.failed'));
        setPhase('setup');
      }
    });

  const end = () =>
    once(async () => {
      setConfirmEnd(false);
      setPhase('ending');
      await broadcast.current?.end();
      broadcast.current = null;
      setPhase('setup');
      pushToast({ key: 'caster.golive.ended' });
    });

  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    broadcast.current?.setMuted(next);
  };

  if (supported === false) {
    return (
      <section className="caster-section go-live" aria-labelledby="go-live-title">
        <h2 id="go-live-title">{t('caster.golive.title')}</h2>
        <p className="muted">{t('caster.golive.unsupported')}</p>
      </section>
    );
  }
  const live = phase === 'live' || phase === 'ending';
  const other: VideoSourceKind = kind === 'camera' ? 'screen' : 'camera';
  return (
    <section className="caster-section go-live" aria-labelledby="go-live-title">
      <h2 id="go-live-title">
        {t('caster.golive.title')}
        {live && (
          <span className="live-badge" role="status">
            {t('caster.golive.onAir', { time: formatDuration(now - liveSince) })}
          </span>
        )}
      </h2>
      <p className="muted">{t('caster.golive.help')}</p>
      <div className="go-live-body">
        <div className="go-live-stage">
          <video ref={preview} className="go-live-preview" muted playsInline autoPlay aria-label={t('caster.golive.previewLabel')} />
          {!video && <p className="go-live-empty">{t('caster.golive.noPreview')}</p>}
        </div>
        <div className="go-live-controls">
          {!live && (
            <>
              <SourceFields
                kind={kind}
                onKind={setKind}
                locked={phase !== 'setup'}
                devices={devices}
                cameraId={cameraId}
                onCamera={setCameraId}
                microphoneId={microphoneId}
                onMicrophone={(id) => void changeMicrophone(id)}
                maxHeight={maxHeight}
                onMaxHeight={setMaxHeight}
                qualityField={qualityField}
              />
              <button type="button" className="btn" onClick={() => void capture()} disabled={pending}>
                {t(kind === 'camera' ? 'caster.golive.useCamera' : 'caster.golive.chooseScreen')}
              </button>
              <div className="field">
                <label className="field-label" htmlFor="go-live-title-input">
                  {t('caster.golive.broadcastTitle')}
                </label>
                <input id="go-live-title-input" className="input" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} disabled={!settings} />
              </div>
              <label className="check">
                <input type="checkbox" checked={adult} onChange={(e) => setAdult(e.target.checked)} disabled={!settings} />
                {t('caster.golive.adult')}
              </label>
              <label className="check">
                <input type="checkbox" checked={locked} onChange={(e) => setLocked(e.target.checked)} disabled={!settings} />
                {t('caster.golive.passwordProtect')}
              </label>
              {locked && (
                <div className="field">
                  <label className="field-label" htmlFor="go-live-password">
                    {settings?.hasPassword ? t('caster.golive.newPassword') : t('caster.golive.password')}
                  </label>
                  <input
                    id="go-live-password"
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    minLength={4}
                    maxLength={32}
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-describedby="go-live-password-help"
                  />
                  <p id="go-live-password-help" className="muted">
                    {settings?.hasPassword ? t('caster.passwordKeep') : t('caster.passwordRule')}
                  </p>
                </div>
              )}
              <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={!video || pending || (locked && !settings?.hasPassword && password.length < 4)}>
                {phase === 'starting' && <Spinner />}
                {t('caster.golive.start')}
              </button>
              <p className="muted">{t('caster.golive.resumeHint')}</p>
            </>
          )}
          {live && (
            <>
              <LiveHealth sending={sending} stats={stats} viewers={viewers} />
              {!canSwitch && <p className="muted">{t('caster.golive.recorderNote')}</p>}
              <div className="go-live-actions">
                <button type="button" className="btn" aria-pressed={muted} onClick={toggleMute}>
                  {t(muted ? 'caster.golive.unmute' : 'caster.golive.mute')}
                </button>
                {canSwitch && (
                  <button type="button" className="btn" onClick={() => void capture(other)} disabled={pending || phase !== 'live'}>
                    {t(other === 'screen' ? 'caster.golive.switchToScreen' : 'caster.golive.switchToCamera')}
                  </button>
                )}
                <button type="button" className="btn btn-danger" onClick={() => setConfirmEnd(true)} disabled={phase !== 'live'}>
                  {phase === 'ending' && <Spinner />}
                  {t('caster.golive.end')}
                </button>
              </div>
            </>
          )}
          <FormStatus failure={problem} />
        </div>
        {live && (
          <div className="go-live-chat">
            <LazyChat channelId={channelId} streamId={null} me={me} onChannelStatus={() => undefined} onViewers={setViewers} />
          </div>
        )}
      </div>
      <ConfirmModal
        id="end-live-modal"
        open={confirmEnd}
        title={t('caster.golive.end')}
        message={t('caster.golive.endConfirm')}
        confirmLabel={t('caster.golive.endNow')}
        danger
        onConfirm={() => void end()}
        onCancel={() => setConfirmEnd(false)}
      />
    </section>
  );
}
