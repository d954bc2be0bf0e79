import {afterEach, describe, expect, it} from 'vitest';
import Fastify, {type FastifyInstance} from 'fastify';
import {healthRoutes} from '../../server/routes/health';
import {IdentityService} from '../../server/services/identity';
import {silentLog} from '../support/log';

let app: FastifyInstance;
afterEach(() => app.close());

describe('/readyz', () => {
  it('asks the identity service once for probes that arrive together after a silence', async () => {
    let probes = 0;
    const probe = async () => {
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    app = Fastify();
    await app.register(healthRoutes, {identity: new IdentityService(1000, silentLog), probe});
    const answers = await Promise.all(Array.from({length: 100}, () => app.inject('/readyz')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    expect(probes).toBe(1);
    // A recent answer needs no probe at all.
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect(probes).toBe(1);
  });

  it('says the identity service is unreachable when the probe gets no answer', async () => {
    app = Fastify();
    const failing = async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), {code: 'app/network-error'}));
    await app.register(healthRoutes, {identity: new IdentityService(1000, silentLog), probe: failing});
    const answer = await app.inject('/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({status: 'identity-unreachable'});
  });
});
