// The embedded API's public face: the app the proxy calls in-process and the check the Worker entry runs
// once per isolate. The API imports nothing of the edge; nothing outside src/api imports past this file.
export { apiApp } from './app';
export { assertSafeConfig } from './config';
export { renewDueSubscriptions } from './services/subscriptions';
export { tellFollowers } from './services/went-live';
export type { ApiSchema } from './api-type';
