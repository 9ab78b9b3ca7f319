// npm run ops -- agency grant <loginId> <name> | agency list | agency invite <agencyLoginId> <creatorLoginId>
//   [--days N] [--message TEXT] [--contract FILE.pdf] | agency invites [<agencyLoginId>], each --as <staff loginId> [--url URL | --port N]
// Agencies are member accounts with the agency role (a row in `agencies`). `invite` does what the agency's page does
// (POST /api/agency/invites) on the agency's behalf: the creator sees it under /my/agency-invites and answers there.
// All four go through the staff API (/api/admin/agencies, /api/admin/agency-invites), signed in as a P or O member
// (password in OPS_PASSWORD): the rules live there, and a grant or an invite is written with its staff audit row. A
// contract is sent as the page sends it (the API checks it is a PDF of at most 10 MB).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { answerOf, asStaff } from '../lib/staff-session.mjs';

export const AGENCY_USAGE =
  'npm run ops -- agency grant <loginId> <name> | agency list | agency invite <agencyLoginId> <creatorLoginId> [--days N] [--message TEXT] [--contract FILE.pdf] | agency invites [<agencyLoginId>], each --as <staff loginId> [--url URL | --port N] (password in OPS_PASSWORD)';

function usage(message) {
  console.error(`${message ? `${message}\n` : ''}usage: ${AGENCY_USAGE}`);
  process.exit(2);
}

async function grant(session, loginId, name) {
  const agency = await answerOf(await session.post('/api/admin/agencies', { loginId, name }), `agency grant ${loginId}`);
  if (agency) console.log(`${agency.loginId} is the agency "${agency.name}"; its page is /agency`);
}

async function list(session) {
  const body = await answerOf(await session.fetch('/api/admin/agencies'), 'agency list');
  if (!body) return;
  if (body.items.length === 0) return console.log('no agencies');
  for (const a of body.items) console.log(`${a.loginId}\t${JSON.stringify(a.name)}\t${a.channels} channel(s)`);
}

async function invite(session, agencyLoginId, loginId, values) {
  const form = new FormData();
  form.set('agencyLoginId', agencyLoginId);
  form.set('loginId', loginId);
  if (values.message !== undefined) form.set('message', values.message);
  if (values.days !== undefined) form.set('days', values.days);
  if (values.contract !== undefined) {
    let bytes;
    try {
      bytes = readFileSync(values.contract);
    } catch (error) {
      usage(`could not read the contract: ${error.message}`);
    }
    form.set('contract', new Blob([bytes], { type: 'application/pdf' }), basename(values.contract));
  }
  const sent = await answerOf(await session.fetch('/api/admin/agency-invites', { method: 'POST', body: form }), `agency invite ${loginId}`);
  if (!sent) return;
  const days = Math.round((sent.expiresAt - sent.createdAt) / 86_400_000);
  console.log(
    `invite ${sent.inviteId}: ${sent.agency.name} -> ${sent.creator.loginId} (channel ${sent.channelId}), open ${days} day(s)${sent.contractUrl ? ', with a contract' : ''}; they answer at /my/agency-invites`,
  );
}

async function invites(session, agencyLoginId) {
  const query = agencyLoginId ? `?agency=${encodeURIComponent(agencyLoginId)}` : '';
  const body = await answerOf(await session.fetch(`/api/admin/agency-invites${query}`), 'agency invites');
  if (!body) return;
  if (body.items.length === 0) return console.log('no invites');
  for (const i of body.items) {
    console.log(`${i.inviteId}\t${JSON.stringify(i.agency.name)}\t-> ${i.creator.loginId}\t${i.status}\tuntil ${new Date(i.expiresAt).toISOString()}${i.contractUrl ? '\tcontract' : ''}`);
  }
}

/** `argv`: the command line after `ops` (the word `agency` included). */
export async function agency(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      days: { type: 'string' },
      message: { type: 'string' },
      contract: { type: 'string' },
      as: { type: 'string' },
      url: { type: 'string' },
      port: { type: 'string' },
      remote: { type: 'boolean' },
      'persist-to': { type: 'string' },
    },
  });
  if (values.remote) usage('agencies are run through a running Worker: use --url https://<site> instead of --remote');
  const [, sub, a, ...rest] = positionals;
  const name = rest.join(' ').trim();
  if (sub === 'grant' && (!a || !name)) usage();
  if (sub === 'invite' && (!a || !rest[0])) usage();
  if (!['grant', 'list', 'invite', 'invites'].includes(sub)) usage();
  await asStaff(argv, AGENCY_USAGE, async (session) => {
    if (sub === 'grant') return grant(session, a, name);
    if (sub === 'list') return list(session);
    if (sub === 'invite') return invite(session, a, rest[0], values);
    return invites(session, a);
  });
}
