// npm run build: the client bundle (dist/client), then the Worker as `wrangler deploy` bundles it (dist/worker).
import { buildAll } from './lib/server.mjs';

buildAll();
