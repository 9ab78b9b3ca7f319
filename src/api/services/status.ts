import { z } from 'zod';

/** KV `flags`: the service-wide switches ops flips (npm run ops). */
export const flagsSchema = z.object({ maintenance: z.boolean(), emergency: z.boolean() });
export type Flags = z.infer<typeof flagsSchema>;

export const FLAGS_KEY = 'flags';
const OFF: Flags = { maintenance: false, emergency: false };

/** Current flags; a missing or malformed value means everything is off. */
export async function readFlags(kv: KVNamespace): Promise<Flags> {
  const raw = await kv.get(FLAGS_KEY, 'json').catch(() => null);
  const parsed = flagsSchema.safeParse(raw);
  return parsed.success ? parsed.data : OFF;
}
