/**
 * The load benchmark's server on PostgreSQL, in its own process: the real app (`buildApp`, as `npm start`
 * wires it) with the app's own pool settings and nothing registered beside it.
 */
import { openFloorServer } from '../floor-server.ts';

const { listen } = await openFloorServer({ sameAsApp: true });
await listen();
