import { type ReactNode, useState } from 'react';
import { type FailureWords, type Outcome, useFailureWords, useOneAtATime } from '../../data/use-mutation';

/** What a small form's last submit came to: its words, and whether they say it failed. */
export type FormResult = { ok: boolean; text: string } | null;

/**
 * The state every small form of the wallet and studio keeps: busy while its one call runs (a second submit is
 * ignored, even in the same tick), and the result line. `run` takes the work, which answers the result to show;
 * `failedResult` words a failed call as every failure is worded (client/data/use-mutation.ts).
 */
export function useFormRun() {
  const words = useFailureWords();
  const { pending: busy, once } = useOneAtATime();
  const [result, setResult] = useState<FormResult>(null);
  const run = async (work: () => Promise<FormResult>) => {
    await once(async () => setResult(await work()));
  };
  /** A failed call's result line: the server's words, else the fallback key's; none when the global popup said it already. */
  const failedResult = <R extends Outcome>(outcome: R, said: FailureWords<R>): FormResult => {
    const text = words(outcome, said);
    return text === null ? null : { ok: false, text };
  };
  return { busy, result, setResult, run, failedResult, failed: result?.ok === false };
}

/**
 * The line under a form that says how its call went. With `result` (a form that also says success): one polite live
 * region, present from the start, styled as an error when the submit failed. With only `failure` (the words a
 * form's useMutation answers): an alert, there while a failure is.
 */
export function FormStatus({ id, result, failure }: { id?: string; result?: FormResult; failure?: string | null }) {
  if (result === undefined) {
    return failure ? (
      <p id={id} className="field-error" role="alert">
        {failure}
      </p>
    ) : null;
  }
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
