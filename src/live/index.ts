// The live domain's public face: the routes under /live (ingest and playback) and the per-channel object
// the Worker exports. Nothing outside src/live imports past this file.
export { live } from './routes';
export { LiveChannel } from './channel-do';
export { r2Keys } from './paths';
export { pictureFrom } from './pictures';
