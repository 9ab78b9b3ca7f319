import type { RefObject } from 'react';
import { useT } from '../../../i18n/i18n';
import { type CaptureDevices, NO_MICROPHONE, type VideoSourceKind } from './capture';
import { SOURCE_HEIGHTS } from './ladder';

/** Before going live: camera or screen, which camera and microphone, and the highest quality to send. */
export function SourceFields({
  kind,
  onKind,
  locked,
  devices,
  cameraId,
  onCamera,
  microphoneId,
  onMicrophone,
  maxHeight,
  onMaxHeight,
  qualityField,
}: {
  kind: VideoSourceKind;
  onKind: (kind: VideoSourceKind) => void;
  /** Starting: the source can no longer change. */
  locked: boolean;
  devices: CaptureDevices;
  cameraId: string;
  onCamera: (id: string) => void;
  microphoneId: string;
  onMicrophone: (id: string) => void;
  maxHeight: number;
  onMaxHeight: (height: number) => void;
  /** The quality field itself, whose value the panel reads before hydration has taken a choice in. */
  qualityField: RefObject<HTMLSelectElement | null>;
}) {
  const t = useT();
  return (
    <>
      <fieldset className="field">
        <legend className="field-label">{t('caster.golive.source')}</legend>
        <label className="check">
          <input type="radio" name="go-live-source" checked={kind === 'camera'} onChange={() => onKind('camera')} disabled={locked} />
          {t('caster.golive.camera')}
        </label>
        <label className="check">
          <input type="radio" name="go-live-source" checked={kind === 'screen'} onChange={() => onKind('screen')} disabled={locked} />
          {t('caster.golive.screen')}
        </label>
      </fieldset>
      {kind === 'camera' && devices.cameras.length > 1 && (
        <div className="field">
          <label className="field-label" htmlFor="go-live-camera">
            {t('caster.golive.cameraDevice')}
          </label>
          <select id="go-live-camera" className="input" value={cameraId} onChange={(e) => onCamera(e.target.value)}>
            {devices.cameras.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || t('caster.golive.cameraN', { n: i + 1 })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="go-live-microphone">
          {t('caster.golive.microphone')}
        </label>
        <select id="go-live-microphone" className="input" value={microphoneId} onChange={(e) => onMicrophone(e.target.value)}>
          <option value="">{t('caster.golive.defaultMicrophone')}</option>
          {devices.microphones
            .filter((d) => d.deviceId && d.deviceId !== 'default')
            .map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || t('caster.golive.microphoneN', { n: i + 1 })}
              </option>
            ))}
          <option value={NO_MICROPHONE}>{t('caster.golive.noMicrophone')}</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="go-live-quality">
          {t('caster.golive.quality')}
        </label>
        <select ref={qualityField} id="go-live-quality" className="input" value={maxHeight} onChange={(e) => onMaxHeight(Number(e.target.value))} aria-describedby="go-live-quality-help">
          {SOURCE_HEIGHTS.map((h) => (
            <option key={h} value={h}>
              {t('player.qualityHeight', { height: h })}
            </option>
          ))}
        </select>
        <p id="go-live-quality-help" className="muted">
          {t('caster.golive.qualityHelp')}
        </p>
      </div>
    </>
  );
}
