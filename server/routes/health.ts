/**
 * GET /healthz: liveness (the process answers). GET /readyz: readiness, which includes whether
 * the identity service answered recently; with no recent call, one cheap look-up finds out.
 */
import type {FastifyPluginAsync} from 'fastify';
import {LIVENESS_PATH, READINESS_PATH} from '../../contracts/paths';
import type {IdentityService} from '../services/identity';

export interface HealthRoutesOptions {
  identity: IdentityService;
  /** A call whose answer (even "no such user") shows the identity service is there. */
  probe: () => Promise<unknown>;
}

/** An answer younger than this counts as "recently". */
const RECENT_MS = 30_000;

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, {identity, probe}) => {
  /** Probes that arrive together share one look-up. */
  let probing: Promise<unknown> | null = null;
  const probeOnce = () =>
    (probing ??= identity
      .call(probe)
      .catch(() => undefined)
      .finally(() => (probing = null)));

  app.get(LIVENESS_PATH, async () => ({status: 'ok'}));

  app.get(READINESS_PATH, async (_request, reply) => {
    if (identity.status().reachable && !identity.answeredWithin(RECENT_MS)) await probeOnce();
    const status = identity.status();
    if (status.reachable) return {status: 'ready'};
    return reply.code(503).send({status: 'identity-unreachable', since: new Date(status.outageSince!).toISOString()});
  });
};
