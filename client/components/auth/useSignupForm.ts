import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import type { MeDto, SignupRequest } from '../../../src/shared/account-api';
import { stripSpaces } from '../../../src/shared/account-rules';

/** Inputs strip all whitespace, but a person's name keeps one space between its parts (trimmed on submit). */
const typed = (field: string, value: string) => (field === 'name' ? value.replace(/\s+/g, ' ').trimStart() : stripSpaces(value));
import { useRouter } from '../../app/router-context';
import { signup } from '../../data/account';
import type { ApiResult } from '../../data/api';
import { useFailureWords } from '../../data/use-mutation';
import { alertMessageAtom } from '../../state/ui';
import { SIGNUP_DEBOUNCE_MS } from './constants';
import { text, type Msg } from './messages';
import { NO_TERMS, type TermsState } from './TermsAgreement';
import { useDebounced } from './useDebounced';

interface SignupOutcome {
  /** The member was created; the form stays busy while the caller leaves it. */
  signedUp: (me: MeDto | null) => void;
  /** The server refused (the alert already says why); `field` is the form field it names, if any. */
  refused?: (message: string, field: string | undefined) => void;
}

/**
 * What the domestic and the foreigner sign-up forms share: their text fields (F) with a message each
 * (and for other parts of the form, Extra), the terms, the server checks on blur, and the sign-up itself.
 */
export function useSignupForm<F extends string, Extra extends string = never>(idPrefix: string, initial: (recommendId: string) => Record<F, string>) {
  const words = useFailureWords();
  const { props } = useRouter();
  const setAlert = useSetAtom(alertMessageAtom);
  // A referral link names the referrer (?rId=, or ?recommendId=).
  const [values, setValues] = useState(() => initial(props.query.rId ?? props.query.recommendId ?? ''));
  const [errors, setErrors] = useState<Partial<Record<F | Extra, Msg>>>({});
  const [terms, setTerms] = useState<TermsState>(NO_TERMS);
  const [pending, setPending] = useState(false);
  const current = useRef(values);
  current.current = values;
  const inFlight = useRef(false);

  const id = (field: string) => `${idPrefix}-${field}`;
  const setError = (field: F | Extra, msg: Msg) => setErrors((all) => ({ ...all, [field]: msg }));
  const setValue = (field: F, value: string) => {
    setValues((all) => ({ ...all, [field]: typed(field, value) }));
    // An edited field's old verdict no longer applies; its blur checks it again.
    setError(field, null);
  };

  /** A field's server check on blur: a failed call in the server's words, else the verdict on its answer. */
  async function checkOnServer<T>(field: F, value: string, call: Promise<ApiResult<T>>, verdict: (body: T | null) => Msg) {
    const result = await call;
    const said = words(result, { fallback: 'auth.errors.unknown' });
    const msg = result.ok ? verdict(result.body) : said === null ? null : text(said);
    // A late answer for a value edited since is dropped.
    if (current.current[field] === value) setError(field, msg);
  }

  // Debounced, and never two at once: a double click creates one member.
  const sendLater = useDebounced(async (request: SignupRequest, outcome: SignupOutcome) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const result = await signup(request);
    if (result.ok) return outcome.signedUp(result.body?.data?.me ?? null);
    inFlight.current = false;
    setPending(false);
    const message = result.body?.data?.error ?? words(result, { fallback: 'auth.errors.unknown' });
    if (message === null) return;
    outcome.refused?.(message, result.body?.data?.field);
    setAlert(message);
  }, SIGNUP_DEBOUNCE_MS);

  const send = (request: SignupRequest, outcome: SignupOutcome) => {
    setPending(true);
    sendLater(request, outcome);
  };

  return { props, values, setValue, errors, setErrors, setError, terms, setTerms, pending, id, checkOnServer, send };
}
