import { app } from './app';
import { assertSafeConfig } from './api/config';

export { LiveChannel } from './live/channel-do';
export { ChatRoom } from './chat/room-do';
export { PageEpochs } from './edge-cache/epoch-do';

let checked = false;

export default {
  fetch(request, env, ctx) {
    if (!checked) {
      assertSafeConfig(env); // a production Worker with offline adapters or the dev secret refuses to serve
      checked = true;
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
