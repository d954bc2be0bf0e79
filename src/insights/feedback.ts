/**
 * "Was this page helpful?" as the gate takes it (contracts/insights.ts, FeedbackReport and FeedbackAnswer):
 * what the widget sends for the reader's draft, and what it makes of the gate's answer. Pure.
 */
import type {FeedbackAnswer, FeedbackReport} from '../../contracts/insights';

/** The answer the reader is writing: yes or no, the comment as typed, "You may contact me". */
export interface FeedbackDraft {
  helpful: boolean;
  comment: string;
  contact: boolean;
}

/** The report of a draft: no comment when it is blank (an answer sent again without one drops the last), "contact" only when ticked. */
export function feedbackReport(page: string, {helpful, comment, contact}: FeedbackDraft): FeedbackReport {
  const text = comment.trim();
  return {page, helpful, ...(text === '' ? {} : {comment: text}), ...(contact ? {contact: true} : {})};
}

/** The reader's own answer in the body of the gate's 200, or null when the body is not one (a server that is not the gate). */
export function answerOf(body: unknown): FeedbackAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const {helpful, comment, contact} = body as Record<string, unknown>;
  if (typeof helpful !== 'boolean' || typeof comment !== 'string' || typeof contact !== 'boolean') return null;
  return {helpful, comment, contact};
}

/** What the gate has of the reader's answer: none yet (204), this one (200), or no widget at all (insights off, no gate). */
export type GateAnswer = {kind: 'none'} | {kind: 'answered'; answer: FeedbackAnswer} | {kind: 'off'};

export async function gateAnswerOf(response: Response): Promise<GateAnswer> {
  if (response.status === 204) return {kind: 'none'};
  if (response.status !== 200) return {kind: 'off'};
  const answer = answerOf(await response.json().catch(() => null));
  return answer === null ? {kind: 'off'} : {kind: 'answered', answer};
}
