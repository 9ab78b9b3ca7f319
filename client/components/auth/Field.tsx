import type { InputHTMLAttributes, ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { msgText, type Msg } from './messages';

/** The error under a field: announced (role=alert) and tied to its input by aria-describedby. */
export function FieldError({ id, error }: { id: string; error: Msg }) {
  const t = useT();
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {msgText(t, error)}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;

interface FieldProps extends InputProps {
  /** Stable and unique on the page (the same form can be on the page and in the login modal). */
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error: Msg;
  /** Buttons or icons beside the input (send code, verified mark). */
  after?: ReactNode;
}

export function Field({ id, name, label, value, onValue, error, after, className, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-row">
        <input
          {...input}
          id={id}
          name={name}
          value={value}
          className="input"
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {after}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
