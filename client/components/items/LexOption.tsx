import { useState } from 'react';
import { LEX_CODE, LEX_FONT_STYLES, type LexFontStyle } from '../../../src/shared/item-catalogue';
import { useT } from '../../i18n/i18n';
import { sendLex, useMyItems } from '../../data/item-api';
import { useFailureWords } from '../../data/use-mutation';

export interface LexSender {
  /** LEX held by the member (0 for guests and members with none: the option is not shown). */
  held: number;
  active: boolean;
  setActive: (on: boolean) => void;
  font: LexFontStyle;
  setFont: (font: LexFontStyle) => void;
  busy: boolean;
  /** The room's refusal or the API's, in the reader's language; null when the last send went through. */
  error: string | null;
  send: (content: string) => Promise<boolean>;
}

/** The chat input's LEX mode: a message sent as a highlighted LEX message (POST /api/my/useItems/100). */
export function useLexSender(member: boolean, channelId: number): LexSender {
  const words = useFailureWords();
  const { data, mutate } = useMyItems(member);
  const held = data?.items.find((item) => item.prodName === String(LEX_CODE))?.quantity ?? 0;
  const [active, setActive] = useState(false);
  const [font, setFont] = useState<LexFontStyle>('basic');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (content: string) => {
    if (busy) return false;
    setBusy(true);
    const done = await sendLex({ content, channelId, fontStyle: font });
    setBusy(false);
    setError(done.ok ? null : words(done, { fallback: 'items.failed' }));
    await mutate();
    if (done.ok && done.body?.quantity === 0) setActive(false);
    return done.ok;
  };
  return { held, active: active && held > 0, setActive, font, setFont, busy, error, send };
}

/** The checkbox that sends the next message as LEX, and its font style; shown to members holding LEX. */
export function LexOption({ lex }: { lex: LexSender }) {
  const t = useT();
  if (lex.held === 0 && !lex.error) return null;
  return (
    <div className="chat-lex-option">
      {lex.held > 0 && (
        <>
          <label className="chat-lex-toggle">
            <input type="checkbox" checked={lex.active} onChange={(e) => lex.setActive(e.target.checked)} />
            {t('items.lex.toggle', { count: lex.held })}
          </label>
          {lex.active && (
            <>
              <label htmlFor="chat-lex-font" className="visually-hidden">
                {t('items.lex.font')}
              </label>
              <select id="chat-lex-font" className="chat-lex-font" value={lex.font} onChange={(e) => lex.setFont(e.target.value as LexFontStyle)}>
                {LEX_FONT_STYLES.map((font) => (
                  <option key={font} value={font}>
                    {t(`items.lex.fonts.${font}`)}
                  </option>
                ))}
              </select>
            </>
          )}
        </>
      )}
      {lex.error && (
        <p className="field-error" role="alert">
          {lex.error}
        </p>
      )}
    </div>
  );
}
