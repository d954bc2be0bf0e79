/**
 * When the insights writer writes what it holds (server/services/insightsWriter.ts): the gate's own counts wait
 * COUNT_FLUSH_MS, a beacon's report FLUSH_MS and takes what was held with it. On a clock of the test's, with no
 * database (every write fails, which the writer logs with how many reports it held). Writing to PostgreSQL, and
 * nothing acknowledged lost: tests/integration/insights.test.ts and insights-many-gates.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {COUNT_FLUSH_MS, FLUSH_MS, InsightsWriter} from '../../server/services/insightsWriter';
import {manualClock} from '../support/fakeFirebaseAuth';
import {capturedLog} from '../support/log';

const READ = {day: '2026-11-29', page: '/intro', version: 'current', section: '', audiences: '', reads: 1};

function writer() {
  const {clock, advance} = manualClock();
  const {log, lines} = capturedLog();
  const written = () => lines.filter((line) => line.event === 'insights-dropped').map((line) => line.events);
  // The writes run on promises: let them settle after the clock moved.
  const after = async (ms: number) => {
    advance(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {insights: new InsightsWriter(() => null, log, clock), after, written};
}

describe('the insights writer', () => {
  it('writes the pages the gate served COUNT_FLUSH_MS later, all at once', async () => {
    const {insights, after, written} = writer();
    insights.countRead(READ);
    insights.countRead({...READ, page: '/setup'});
    await after(FLUSH_MS);
    expect(written()).toEqual([]);
    await after(COUNT_FLUSH_MS - FLUSH_MS);
    expect(written()).toEqual([2]);
  });

  it('writes a beacon’s report FLUSH_MS later, with what it held, and answers it then', async () => {
    const {insights, after, written} = writer();
    insights.countRead(READ);
    await after(100);
    const answered = insights.addReads([{...READ, page: '/setup'}]);
    await after(FLUSH_MS - 1);
    expect(written()).toEqual([]);
    await after(1);
    expect(await answered).toBe(false);
    expect(written()).toEqual([2]);
  });
});
