// Sign-up timers the shared constants do not carry yet (src/shared belongs to the API side).
export const SIGNUP_DEBOUNCE_MS = 1_000;
export const PHONE_RESEND_LOCK_MS = 60_000;
