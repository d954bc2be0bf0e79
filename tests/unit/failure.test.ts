import {describe, expect, it} from 'vitest';
import {errorText, isChunkLoadFailure} from '../../src/failure/rules';

function chunkError(): Error {
  const error = new Error('Loading chunk 291 failed.\n(error: http://127.0.0.1:3000/assets/js/291.858f2778.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('isChunkLoadFailure', () => {
  const cssError = Object.assign(new Error('Loading CSS chunk 12 failed.'), {code: 'CSS_CHUNK_LOAD_FAILED'});
  it.each<[string, unknown, boolean]>([
    ['a script chunk', chunkError(), true],
    ['a stylesheet chunk', cssError, true],
    ['an error of the page', new TypeError('x is undefined'), false],
    ['an error that only mentions chunks', new Error('Loading chunk 1 failed.'), false],
    ['a rejection with a string', 'ChunkLoadError', false],
    ['a rejection with nothing', undefined, false],
    ['a rejection with null', null, false],
  ])('%s: %s', (_name, reason, expected) => {
    expect(isChunkLoadFailure(reason)).toBe(expected);
  });
});

describe('errorText', () => {
  const withCause = new Error('The sign-in code could not be loaded.', {cause: chunkError()});
  const looped = new Error('outer');
  (looped as {cause?: unknown}).cause = looped;
  it.each<[string, unknown, string]>([
    ['an error: its message, not its stack', new Error('Broken'), 'Broken'],
    ['an error and its cause, one a line', withCause, `The sign-in code could not be loaded.\n${chunkError().message}`],
    ['a string', 'Something failed', 'Something failed'],
    ['an error without a message', new Error(''), ''],
    ['something that is not an error', {message: 'not an Error'}, ''],
    ['an error that is its own cause, once', looped, 'outer'],
  ])('%s', (_name, error, expected) => {
    expect(errorText(error)).toBe(expected);
  });

  it('cuts a very long text', () => {
    const text = errorText(new Error('x'.repeat(2000)));
    expect(text).toHaveLength(500);
    expect(text.at(-1)).toBe('…');
  });
});
