import { call } from './api';
import type { PushSubscriptionBody } from '../../src/shared/push-schemas';

export const pushKey = () => call('GET', '/api/push/key');
export const savePushSubscription = (subscription: PushSubscriptionBody) => call('PUT', '/api/my/push-subscription', { json: subscription });
export const pushSubscriptionState = (endpoint: string) => call('POST', '/api/my/push-subscription/state', { json: { endpoint } });
export const deletePushSubscription = (endpoint: string) => call('POST', '/api/my/push-subscription/delete', { json: { endpoint } });
