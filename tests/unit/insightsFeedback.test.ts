/** "Was this page helpful?" as sent and read back (src/insights/feedback.ts). */
import {Value} from '@sinclair/typebox/value';
import {describe, expect, it} from 'vitest';
import {FeedbackReport as FeedbackSchema} from '../../contracts/insightsSchemas';
import type {FeedbackAnswer, FeedbackReport} from '../../contracts/insights';
import {answerOf, feedbackReport, gateAnswerOf, type FeedbackDraft, type GateAnswer} from '../../src/insights/feedback';

describe('feedbackReport: the draft as the gate takes it', () => {
  it.each<[string, FeedbackDraft, FeedbackReport]>([
    ['yes alone', {helpful: true, comment: '', contact: false}, {page: '/intro', helpful: true}],
    [
      'no, with a comment',
      {helpful: false, comment: 'How to deploy', contact: false},
      {page: '/intro', helpful: false, comment: 'How to deploy'},
    ],
    [
      'the comment trimmed',
      {helpful: false, comment: '  How to deploy\n', contact: false},
      {page: '/intro', helpful: false, comment: 'How to deploy'},
    ],
    ['a blank comment: none', {helpful: false, comment: ' \n ', contact: false}, {page: '/intro', helpful: false}],
    [
      'contact ticked',
      {helpful: false, comment: 'How to deploy', contact: true},
      {page: '/intro', helpful: false, comment: 'How to deploy', contact: true},
    ],
  ])('%s', (_name, draft, report) => {
    expect(feedbackReport('/intro', draft)).toEqual(report);
    expect(Value.Check(FeedbackSchema, report), 'the gate takes it').toBe(true);
  });
});

describe("answerOf and gateAnswerOf: the gate's word on the reader's answer", () => {
  const ANSWER: FeedbackAnswer = {helpful: false, comment: 'Deploying', contact: true};
  it.each<[string, unknown, FeedbackAnswer | null]>([
    ['an answer', ANSWER, ANSWER],
    ['an answer without a comment', {helpful: true, comment: '', contact: false}, {helpful: true, comment: '', contact: false}],
    ['no body', null, null],
    ['a field missing', {helpful: true, comment: ''}, null],
    ['a field of another kind', {helpful: 'yes', comment: '', contact: false}, null],
  ])('%s', (_name, body, answer) => {
    expect(answerOf(body)).toEqual(answer);
  });

  const json = (body: unknown) => new Response(JSON.stringify(body), {status: 200, headers: {'content-type': 'application/json'}});
  it.each<[string, () => Response, GateAnswer]>([
    ['204: none yet', () => new Response(null, {status: 204}), {kind: 'none'}],
    ['200 with an answer', () => json(ANSWER), {kind: 'answered', answer: ANSWER}],
    ['404: insights off', () => new Response(null, {status: 404}), {kind: 'off'}],
    ['503: nothing to show', () => new Response(null, {status: 503}), {kind: 'off'}],
    [
      '200 that is a page, not an answer (a server that is not the gate)',
      () => new Response('<!doctype html>', {status: 200}),
      {kind: 'off'},
    ],
    ['200 with something else', () => json({ok: true}), {kind: 'off'}],
  ])('%s', async (_name, response, answer) => {
    expect(await gateAnswerOf(response())).toEqual(answer);
  });
});
