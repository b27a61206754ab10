// Worker threads start without the main thread's TypeScript loader: register tsx here, then
// load the store's worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
