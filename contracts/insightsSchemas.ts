/**
 * The schemas of what a reader's browser sends for insights (contracts/insights.ts), which the gate checks
 * every report against. Apart from that file: its values and types go into the site's scripts, and these
 * schemas, TypeBox's, are the gate's to run.
 */
import {Type, type Static} from '@sinclair/typebox';
import {INSIGHTS_LIMITS, INSIGHTS_PERIODS} from './insights';

export const SearchReport = Type.Object(
  {
    /** The words as typed (cut to INSIGHTS_LIMITS.queryChars by the sender; the gate cuts again). */
    query: Type.String({minLength: 1, maxLength: 1000}),
    /** The page the search was made from: its version and section are the search's. */
    page: Type.String({minLength: 1, maxLength: INSIGHTS_LIMITS.pathChars, pattern: '^/'}),
    /** How many results the search had. */
    results: Type.Integer({minimum: 0, maximum: 100000}),
    /** The rank of the result opened (1: the first), or null when none was. */
    opened: Type.Union([Type.Integer({minimum: 1, maximum: 1000}), Type.Null()]),
    /** The search page's: the version (its name) and section (its path, '' for all) it searched, in place of its page's. */
    scope: Type.Optional(
      Type.Object(
        {version: Type.String({minLength: 1, maxLength: 64}), section: Type.String({maxLength: INSIGHTS_LIMITS.pathChars})},
        {additionalProperties: false},
      ),
    ),
  },
  {additionalProperties: false},
);
export type SearchReport = Static<typeof SearchReport>;

export const FeedbackReport = Type.Object(
  {
    page: Type.String({minLength: 1, maxLength: INSIGHTS_LIMITS.pathChars, pattern: '^/'}),
    helpful: Type.Boolean(),
    /** "What were you looking for?": optional. */
    comment: Type.Optional(Type.String({maxLength: INSIGHTS_LIMITS.commentChars})),
    /** "You may contact me": only then is the reader's address kept with the comment. */
    contact: Type.Optional(Type.Boolean()),
  },
  {additionalProperties: false},
);
export type FeedbackReport = Static<typeof FeedbackReport>;

export const ReadsReport = Type.Object(
  {
    pages: Type.Array(Type.String({minLength: 1, maxLength: INSIGHTS_LIMITS.pathChars, pattern: '^/'}), {
      minItems: 1,
      maxItems: INSIGHTS_LIMITS.pagesPerBeacon,
    }),
  },
  {additionalProperties: false},
);
export type ReadsReport = Static<typeof ReadsReport>;

export const ReportQuery = Type.Object(
  {
    version: Type.String({minLength: 1, maxLength: 64}),
    section: Type.Optional(Type.String({maxLength: INSIGHTS_LIMITS.pathChars})),
    days: Type.Union(INSIGHTS_PERIODS.map((days) => Type.Literal(String(days)))),
  },
  {additionalProperties: false},
);
export type ReportQuery = Static<typeof ReportQuery>;
