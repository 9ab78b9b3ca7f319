// KV `exchange_event`: the exchange event as ops set it (npm run ops -- exchange set ...). Read on each call
// (KV itself may take up to 60 s to show a change everywhere); a missing or malformed value means no event.
import { type ExchangeEvent, exchangeEventSchema } from '../shared/exchange-schemas';

export const EXCHANGE_EVENT_KEY = 'exchange_event';

export async function readExchangeEvent(kv: KVNamespace): Promise<ExchangeEvent | null> {
  const raw = await kv.get(EXCHANGE_EVENT_KEY, 'json').catch(() => null);
  const parsed = exchangeEventSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
