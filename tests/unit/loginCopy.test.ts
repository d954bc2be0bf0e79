import {describe, expect, it} from 'vitest';
import {formLead, SESSION_ENDED_NOTICE} from '../../src/login/copy';
import {sessionChange, type SessionChange} from '../../src/auth/sessionEnded';
import type {FormMode} from '../../src/login/flow';

describe('formLead', () => {
  it.each<[FormMode, RegExp]>([
    ['sign-in', /^Tutorial Hub is for signed-in readers\. Sign in/],
    ['sign-up', /^Choose the email address and password/],
    ['reset', /^Enter the email address you sign in with\. .*a link to choose a new password\.$/],
  ])('%s: says what the form does', (mode, expected) => {
    expect(formLead(mode)).toMatch(expected);
  });

  it('gives each form words of its own', () => {
    const modes: FormMode[] = ['sign-in', 'sign-up', 'reset'];
    expect(new Set(modes.map(formLead)).size).toBe(modes.length);
  });
});

describe('SESSION_ENDED_NOTICE', () => {
  it('says the session ended and what to do, and nothing about the account', () => {
    expect(SESSION_ENDED_NOTICE).toMatch(/session has ended/);
    expect(SESSION_ENDED_NOTICE).toMatch(/Sign in again/);
    expect(SESSION_ENDED_NOTICE).not.toMatch(/disabled|revoked|removed|blocked|list/i);
  });
});

describe('sessionChange', () => {
  it.each<[string, {hadSession: boolean; readerPresent: boolean; publicBuild: boolean}, SessionChange]>([
    ['a reader on a page of the site: a session to remember', {hadSession: false, readerPresent: true, publicBuild: false}, 'remember'],
    ['a reader on a page of the site, again', {hadSession: true, readerPresent: true, publicBuild: false}, 'remember'],
    ['a reader on the login page (maybe one it refuses): nothing', {hadSession: false, readerPresent: true, publicBuild: true}, 'none'],
    ['nobody, after a session: it ended (on a page)', {hadSession: true, readerPresent: false, publicBuild: false}, 'ended'],
    ['nobody, after a session: it ended (on the login page)', {hadSession: true, readerPresent: false, publicBuild: true}, 'ended'],
    [
      'nobody, and no session before (a visitor, or a sign-out on purpose): nothing',
      {hadSession: false, readerPresent: false, publicBuild: true},
      'none',
    ],
    ['nobody on a page, no session before: nothing', {hadSession: false, readerPresent: false, publicBuild: false}, 'none'],
  ])('%s', (_name, input, expected) => {
    expect(sessionChange(input)).toBe(expected);
  });
});
