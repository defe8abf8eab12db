import type { RoutePrefetch } from '../../app/route-leaf.ts';
import { objectAuthorityQuery, objectTaskQuery, pointsQuery } from './api.ts';
import { objectTaskScoreQuery } from './score/api.ts';

/**
 * An object task's page (`obj/:objectTaskId` under any page type) opened cold: what it draws first — the
 * facts, the caller's rights, the points and the score — asked for at once, silently (the page asks again
 * and says why when one failed).
 */
export const prefetchDiagnosisPage: RoutePrefetch = ({ client, rest }) => {
  const [kind, objectTaskId] = rest.split('/');
  if (kind !== 'obj' || !objectTaskId) return;
  const silent = { silent: true };
  void client.prefetchQuery(objectTaskQuery(objectTaskId, silent));
  void client.prefetchQuery(objectAuthorityQuery(objectTaskId, silent));
  void client.prefetchQuery(pointsQuery(objectTaskId, silent));
  void client.prefetchQuery(objectTaskScoreQuery(objectTaskId, silent));
};
