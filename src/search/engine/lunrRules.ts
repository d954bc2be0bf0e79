/** lunr's own text rules for English, the ones the search plugin built the index with. */
import lunr from 'lunr';
import type {TextRules} from './queryTerms';

const token = (word: string) => new lunr.Token(word, {});

export const lunrRules: TextRules = {
  trim: (word) => lunr.trimmer(token(word)).toString(),
  isStopWord: (word) => lunr.stopWordFilter(token(word)) === undefined,
  stem: (word) => lunr.stemmer(token(word)).toString(),
};
