import { useT } from '../../i18n/i18n';
import { FieldError } from './Field';
import { towardsSubmit, type Msg } from './messages';

export interface Birth {
  year: string;
  month: string;
  day: string;
}
export const NO_BIRTH: Birth = { year: '', month: '', day: '' };

/** yyyy-MM-dd, or '' until all three are chosen. */
export function birthday({ year, month, day }: Birth): string {
  return year && month && day ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '';
}

/** The last 100 years up to this year, newest first; months 1-12; days 1-31. */
export function birthYears(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 100 }, (_, i) => year - i);
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface BirthSelectsProps {
  idPrefix: string;
  value: Birth;
  onChange: (value: Birth) => void;
  /** Called when focus leaves the three selects. */
  onBlur: () => void;
  error: Msg;
}

export function BirthSelects({ idPrefix, value, onChange, onBlur, error }: BirthSelectsProps) {
  const t = useT();
  const errorId = `${idPrefix}-birth-error`;
  const parts = [
    { part: 'year', options: birthYears() },
    { part: 'month', options: range(12) },
    { part: 'day', options: range(31) },
  ] as const;
  return (
    <fieldset
      className="field birth"
      aria-describedby={error ? errorId : undefined}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && !towardsSubmit(e)) onBlur();
      }}
    >
      <legend className="field-label">{t('signup.birth')}</legend>
      <div className="field-row">
        {parts.map(({ part, options }) => (
          <div key={part} className="select-label">
            <label htmlFor={`${idPrefix}-birth-${part}`} className="visually-hidden">
              {t(`signup.${part}`)}
            </label>
            <select
              id={`${idPrefix}-birth-${part}`}
              name={`birth${part[0]!.toUpperCase()}${part.slice(1)}`}
              className="input"
              value={value[part]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...value, [part]: e.target.value })}
            >
              <option value="">{t(`signup.${part}`)}</option>
              {options.map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
