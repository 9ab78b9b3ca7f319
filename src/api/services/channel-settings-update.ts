import { z } from 'zod';
import type { ChannelSettingsUpdateResponse } from '../../shared/streams-api';
import { CHANNEL_SETTINGS_KEY, readChannelSettings } from '../../lib/kv-config';
import { channelSettingsSchema } from '../../shared/streams-schemas';
import { publishSettingsUpdate } from './chat-events';
import { PAGE_SCOPES, purgePages } from '../../edge-cache';
import { auditStatement } from '../../db/staff-audit';

/**
 * What staff may send to change the channel settings: any of the settings' fields (switches, bank account), at
 * least one, nothing else. The switches are booleans; the bank fields are held to what a Korean account looks
 * like (3-digit bank code, digits and dashes), so a typo cannot reach the payout screens.
 */
export const channelSettingsPatchSchema = z
  .strictObject({
    ...channelSettingsSchema.shape,
    bank_account: z.string().regex(/^\d[\d-]{4,28}\d$/),
    bank_code: z.string().regex(/^\d{3}$/),
    bank_holder_name: z.string().trim().min(1).max(40),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type ChannelSettingsPatch = z.infer<typeof channelSettingsPatchSchema>;

/**
 * Merge a validated patch over the settings in force, store the whole object in KV, then tell the rooms
 * of channels on air (CHANNELING_SETTING_UPDATE), whose viewers refetch the settings. The edge's own
 * 10-minute copy is dropped by the proxy when this call succeeds (src/proxy/proxy.ts).
 */
export async function updateChannelSettings(env: Env, staffId: number, patch: ChannelSettingsPatch): Promise<ChannelSettingsUpdateResponse> {
  const current = await readChannelSettings(env.CONFIG);
  const settings = channelSettingsSchema.parse({ ...current, ...patch });
  // The settings live in KV, which no D1 batch reaches: the record is written the moment the change is made.
  const changed = Object.keys(patch).filter((key) => current[key as keyof typeof current] !== settings[key as keyof typeof settings]);
  const pick = (from: Record<string, unknown>) => Object.fromEntries(changed.map((key) => [key, from[key] ?? null]));
  await env.CONFIG.put(CHANNEL_SETTINGS_KEY, JSON.stringify(settings));
  await auditStatement(env.DB, { actorId: staffId, action: 'channeling.update', targetType: 'channeling', targetId: CHANNEL_SETTINGS_KEY, before: pick(current), after: pick(settings) }).run();
  // Every cached page shows the switches (lives listed or not, a channel page's player): purge before the rooms hear of it.
  await purgePages(env, [PAGE_SCOPES.site]);
  const notifiedRooms = await publishSettingsUpdate(env);
  return { settings, notifiedRooms };
}
