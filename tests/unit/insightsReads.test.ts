/**
 * The reads the browser reports (src/insights/readsReport.ts): which moves inside the site are held, and when
 * they are sent. The client module that feeds it (src/clientModules/insightsReads.ts) is checked in
 * tests/component/insightsReads.test.tsx.
 */
import {Value} from '@sinclair/typebox/value';
import {describe, expect, it} from 'vitest';
import {ReadsReport} from '../../contracts/insightsSchemas';
import {INSIGHTS_LIMITS} from '../../contracts/insights';
import {afterMove, readsToSend, type AfterMove, type Move} from '../../src/insights/readsReport';

const move = (from: string | null, to: string, address = to): Move => ({from, to, address});
const pages = (count: number) => Array.from({length: count}, (_, n) => `/p${n}`);

describe('afterMove: a move inside the site, held or sent', () => {
  it.each<[string, string[], Move, AfterMove]>([
    ['the page the visit started on: the gate counted it', [], move(null, '/intro'), {held: [], send: null}],
    ['a move to another page: held', [], move('/intro', '/setup'), {held: ['/setup'], send: null}],
    ['held after the others', ['/a'], move('/a', '/b'), {held: ['/a', '/b'], send: null}],
    ['back to a page read before: read again', ['/a', '/b'], move('/b', '/a'), {held: ['/a', '/b', '/a'], send: null}],
    ['an anchor or a query on the same page: no move', ['/a'], move('/a', '/a'), {held: ['/a'], send: null}],
    [
      'the address as the browser asks for it, not as the router decodes it',
      [],
      move('/intro', '/Chapter 2_ Documentation', '/Chapter%202_%20Documentation'),
      {held: ['/Chapter%202_%20Documentation'], send: null},
    ],
    [
      'a move to the search page: a tool, no read (its searches are counted as searches)',
      ['/a'],
      move('/a', '/search'),
      {held: ['/a'], send: null},
    ],
    ['a move to the insights page: a tool, no read', ['/a'], move('/a', '/insights/'), {held: ['/a'], send: null}],
    ['an address the gate would refuse: not counted', ['/a'], move('/a', '/b', 'b'), {held: ['/a'], send: null}],
    [
      'an address longer than the gate keeps: not counted',
      [],
      move('/a', '/long', `/${'x'.repeat(INSIGHTS_LIMITS.pathChars)}`),
      {held: [], send: null},
    ],
    [
      `the ${INSIGHTS_LIMITS.pagesPerBeacon - 1}th page held`,
      pages(INSIGHTS_LIMITS.pagesPerBeacon - 2),
      move('/x', '/y'),
      {held: [...pages(INSIGHTS_LIMITS.pagesPerBeacon - 2), '/y'], send: null},
    ],
    [
      `the ${INSIGHTS_LIMITS.pagesPerBeacon}th: a beacon's worth, sent at once`,
      pages(INSIGHTS_LIMITS.pagesPerBeacon - 1),
      move('/x', '/y'),
      {held: [], send: {pages: [...pages(INSIGHTS_LIMITS.pagesPerBeacon - 1), '/y']}},
    ],
  ])('%s', (_name, held, moved, expected) => {
    const after = afterMove(held, moved);
    expect(after).toEqual(expected);
    if (after.send) expect(Value.Check(ReadsReport, after.send), 'the gate takes it').toBe(true);
  });

  it('leaves the pages it was given as they were', () => {
    const held = ['/a'];
    afterMove(held, move('/a', '/b'));
    expect(held).toEqual(['/a']);
  });
});

describe('readsToSend: as the page is hidden', () => {
  it.each<[string, string[], ReturnType<typeof readsToSend>]>([
    ['nothing held: no beacon', [], null],
    ['the pages held, in order', ['/a', '/b', '/a'], {pages: ['/a', '/b', '/a']}],
  ])('%s', (_name, held, expected) => {
    const sent = readsToSend(held);
    expect(sent).toEqual(expected);
    if (sent) expect(Value.Check(ReadsReport, sent), 'the gate takes it').toBe(true);
  });
});
