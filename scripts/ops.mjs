// npm run ops -- maintenance on|off   |   npm run ops -- emergency on|off   |   npm run ops -- status
// Local by default; --remote for the deployed namespace. The edge notices within 10 s.
import { kvGet, kvPut, parseTargetArgs } from './lib/kv.mjs';

const [command, state] = process.argv.slice(2).filter((a) => !a.startsWith('--') && a !== parseTargetArgs(process.argv).persistTo);
const options = parseTargetArgs(process.argv.slice(2));
const usage = 'usage: npm run ops -- (maintenance|emergency) (on|off) [--remote] | npm run ops -- status [--remote]';

function readFlags() {
  try {
    const flags = JSON.parse(kvGet('flags', options) ?? '{}');
    return { maintenance: flags.maintenance === true, emergency: flags.emergency === true };
  } catch {
    return { maintenance: false, emergency: false };
  }
}

if (command === 'status') {
  console.log(JSON.stringify(readFlags()));
} else if ((command === 'maintenance' || command === 'emergency') && (state === 'on' || state === 'off')) {
  const flags = { ...readFlags(), [command]: state === 'on' };
  kvPut('flags', JSON.stringify(flags), options);
  console.log(`${command} ${state} (${options.remote ? 'remote' : 'local'}): ${JSON.stringify(flags)}`);
} else {
  console.error(usage);
  process.exit(2);
}
