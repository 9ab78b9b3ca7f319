// The staff API from the command line: ops commands that change or read what staff do go through a running Worker,
// signed in as a staff member (P or O) whose password is read from OPS_PASSWORD (never the command line), so the
// rules and the audit log live in one place (src/api) for the console and the CLI alike.

export function option(argv, name) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** A cookie jar for the edge: keeps Set-Cookie values and sends the XSRF token back, as the browser does. */
export class Session {
  jar = new Map();
  constructor(base) {
    this.base = base;
  }
  keep(res) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0\b/i.test(line)) this.jar.delete(pair.slice(0, eq));
      else this.jar.set(pair.slice(0, eq), value);
    }
    return res;
  }
  async fetch(path, init = {}) {
    const headers = { accept: 'application/json', ...init.headers, cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.method && init.method !== 'GET' && this.jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.jar.get('XSRF-TOKEN');
    return this.keep(await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' }));
  }
  post(path, body) {
    return this.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
}

/**
 * Sign in as `--as <loginId>` (or OPS_LOGIN_ID) on `--url` (or localhost:`--port`, 8787), run `work(session)`, sign
 * out. Exits 2 without a staff login ID or OPS_PASSWORD, 1 when the sign-in is refused.
 */
export async function asStaff(argv, usage, work) {
  const loginId = option(argv, '--as') ?? process.env.OPS_LOGIN_ID;
  const password = process.env.OPS_PASSWORD;
  const base = option(argv, '--url') ?? `http://localhost:${option(argv, '--port') ?? 8787}`;
  if (!loginId) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  if (!password) {
    console.error('set OPS_PASSWORD to the staff member’s password (it is never taken on the command line)');
    process.exit(2);
  }
  const session = new Session(base);
  await session.fetch('/'); // the device id and XSRF cookies
  const signin = await session.post('/v2/api/auth/signin', { loginId, password, device: 'PCWEB' });
  const signed = await signin.json().catch(() => ({}));
  if (signin.status !== 200 || signed.msg !== 'SUCCESS') {
    console.error(`could not sign in as ${loginId}: HTTP ${signin.status} ${signed.msg ?? ''} ${signed.message ?? ''}`.trim());
    process.exit(1);
  }
  try {
    return await work(session);
  } finally {
    await session.post('/api/auth/signout', {}).catch(() => {});
  }
}

/** The JSON of a 2xx answer; otherwise prints the API's refusal after `what` and exits 1. */
export async function answerOf(res, what) {
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    // The fields the API names as wrong (field -> what is wrong), so an operator knows which option to change.
    const fields = body?.error?.fields ? ` ${JSON.stringify(body.error.fields)}` : '';
    console.error(`${what}: HTTP ${res.status} ${body?.error?.code ?? ''} ${body?.error?.message ?? ''}${fields}`.trim());
    process.exitCode = 1;
    return null;
  }
  return body;
}
