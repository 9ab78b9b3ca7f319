import { useSetAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { type Translate, useT } from '../i18n/i18n';
import { alertMessageAtom } from '../state/ui';
import { uncodedFailureOf } from '../errors/api-failure';
import type { ApiResult } from './api';

/** A call's outcome as far as its words go. */
export type Outcome = Pick<ApiResult<unknown>, 'ok' | 'status' | 'code' | 'message'>;

/**
 * What a caller says of its failures: `fallback`, the locale key for when the server gave no words (a function picks
 * it by the refusal); `explain`, the page's own words for refusals it knows, which replace the server's (null: say
 * nothing, the page answers otherwise; undefined: the usual words).
 */
export interface FailureWords<R> {
  fallback: string | ((result: R) => string);
  explain?: (result: R) => string | null | undefined;
}

/**
 * The words of a failed call: the page's own, else the server's (localized) message, else the fallback key's; null
 * when the call succeeded or the global popup has said it already (no answer, an unexplained 5xx:
 * client/errors/api-failure.ts). The one place a failure's words are chosen (tests/unit/structure.test.ts keeps it so).
 */
export function failureWords<R extends Outcome>(result: R, { fallback, explain }: FailureWords<R>, t: Translate): string | null {
  if (result.ok || uncodedFailureOf(result.status, result.code)) return null;
  const own = explain?.(result);
  if (own !== undefined) return own;
  return result.message || t(typeof fallback === 'string' ? fallback : fallback(result));
}

/** failureWords in the page's language. */
export function useFailureWords() {
  const t = useT();
  return useCallback(<R extends Outcome>(result: R, words: FailureWords<R>): string | null => failureWords(result, words, t), [t]);
}

/** Tell a failed call that is no form's in the one global notice (the alert dialog), unless the popup said it already. */
export function useFailureNotice() {
  const wordsOf = useFailureWords();
  const setAlert = useSetAtom(alertMessageAtom);
  return useCallback(
    <R extends Outcome>(result: R, words: FailureWords<R>) => {
      const text = wordsOf(result, words);
      if (text !== null) setAlert(text);
    },
    [wordsOf, setAlert],
  );
}

export interface Mutation<A extends unknown[], R> {
  /** Sends the change, unless one is under way (then it answers null and sends nothing: a double click sends once). */
  run: (...args: A) => Promise<R | null>;
  pending: boolean;
  /** A form's failure words for its FormStatus (`show: 'form'`); null before a run, while one runs and after a success. */
  failure: string | null;
  /** Says a failure of the form's own (a check before the call) in the same place. */
  setFailure: (text: string | null) => void;
}

/**
 * One change through the API (docs/architecture.md, "How a page calls the API and shows a failure"): `send` makes the typed call(s)
 * and answers the result that decides; the hook keeps `pending` and says a failure in one place: the form's
 * FormStatus with `show: 'form'`, else the global notice. The caller reads the answer it returns for success.
 */
export function useMutation<A extends unknown[], R extends Outcome>(send: (...args: A) => Promise<R>, options: FailureWords<R> & { show?: 'form' | 'notice' }): Mutation<A, R> {
  const words = useFailureWords();
  const notice = useFailureNotice();
  const { pending, once } = useOneAtATime();
  const [failure, setFailure] = useState<string | null>(null);
  const run = (...args: A): Promise<R | null> =>
    once(async () => {
      setFailure(null);
      const result = await send(...args);
      if (options.show === 'form') setFailure(words(result, options));
      else notice(result, options);
      return result;
    });
  return { run, pending, failure, setFailure };
}

/**
 * One piece of work at a time: `once(work)` while another is under way answers null and does nothing (a double click
 * sends once; a ref, not the state, decides, since both clicks can land before a render).
 */
export function useOneAtATime() {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const once = async <T>(work: () => Promise<T>): Promise<T | null> => {
    if (busy.current) return null;
    busy.current = true;
    setPending(true);
    try {
      return await work();
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, once };
}
