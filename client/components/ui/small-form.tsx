import { type ReactNode, useState } from 'react';
import { type ApiResult, failureText } from '../../data/api';

/** What a small form's last submit came to: its words, and whether they say it failed. */
export type FormResult = { ok: boolean; text: string } | null;

/** A failed call's result line: the server's words, else `fallback`; none when the global popup said it already. */
export function failedResult(result: Pick<ApiResult<unknown>, 'status' | 'code' | 'message'>, fallback: string): FormResult {
  const text = failureText(result, fallback);
  return text === null ? null : { ok: false, text };
}

/**
 * The state every small form of the wallet and studio keeps: busy while its one call runs (a second submit is
 * ignored), and the result line. `run` takes the work, which answers the result to show.
 */
export function useFormRun() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FormResult>(null);
  const run = async (work: () => Promise<FormResult>) => {
    if (busy) return;
    setBusy(true);
    try {
      setResult(await work());
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, setResult, run, failed: result?.ok === false };
}

/** The result line under a form: read out politely, styled as an error when the submit failed. */
export function FormStatus({ id, result }: { id: string; result: FormResult }) {
  return (
    <p id={id} className={result?.ok === false ? 'field-error' : 'muted'} role="status">
      {result?.text}
    </p>
  );
}

/** The primary submit button of a small form, busy while its call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

/** A count typed into a number field: a whole number from 1 to `max`, or null. */
export function countOf(text: string, max: number): number | null {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= max ? count : null;
}
