import {describe, expect, it} from 'vitest';
import {accessRequest, formLead, headingOf, notAppliedNotice, SESSION_ENDED_NOTICE, type AccessRequest} from '../../src/login/copy';
import type {SiteContact} from '../../contracts/siteSettings';
import {sessionChange, type SessionChange} from '../../src/auth/sessionEnded';
import type {EmailLink, FormMode} from '../../src/login/views';

describe('formLead', () => {
  it.each<[FormMode, EmailLink, RegExp]>([
    ['sign-in', 'sign-in', /^Jest is for signed-in readers\. Sign in/],
    ['link', 'sign-in', /^Enter the email address you read Jest with: we email it a link that signs you in\. No password needed\.$/],
    // A form that asks for the address alone promises no password to choose, unless a password link proves it.
    ['sign-up', 'sign-in', /a link that signs you in and confirms the address\. No password to choose\.$/],
    ['sign-up', 'password', /a link to choose your password, which also confirms the address\./],
    ['reset', 'sign-in', /^Enter the email address you sign in with\. .*a link to choose a new password\.$/],
  ])('%s (proven by a %s link): says what the form does, naming the site (site.config.ts)', (mode, proof, expected) => {
    expect(formLead(mode, proof, 'Jest')).toMatch(expected);
  });

  it('gives each form words of its own', () => {
    const modes: FormMode[] = ['sign-in', 'link', 'sign-up', 'reset'];
    expect(new Set(modes.map((mode) => formLead(mode, 'sign-in', 'Tutorial Hub'))).size).toBe(modes.length);
  });
});

describe('headingOf', () => {
  it.each([
    [{panel: 'form', mode: 'sign-in'}, 'Sign in to Jest'],
    [{panel: 'form', mode: 'sign-up'}, 'Create your Jest account'],
    [{panel: 'resuming'}, 'Sign in to Jest'],
    [{panel: 'form', mode: 'reset'}, 'Reset your password'],
  ] as const)('%j names the site where it should: %s', (view, expected) => {
    expect(headingOf(view as Parameters<typeof headingOf>[0], 'Jest')).toBe(expected);
  });
});

describe('notAppliedNotice', () => {
  it.each([
    ['verifyAndChangeEmail', /^This link would move another account to owner@corp\.test\./],
    ['recoverEmail', /^This link would give owner@corp\.test back to an account that no longer has it\./],
  ] as const)('%s: says nothing was changed, and how to read with the address', (mode, opening) => {
    const notice = notAppliedNotice(mode, 'owner@corp.test', 'Jest');
    expect(notice).toMatch(opening);
    expect(notice).toMatch(
      /Jest does not change addresses that way, so nothing was changed\. To read with owner@corp\.test, sign in with it\.$/,
    );
  });
});

describe('accessRequest: how a refused reader asks for access', () => {
  const email: SiteContact = {kind: 'email', address: 'docs-team@corp.test'};
  it.each<[SiteContact, string, AccessRequest]>([
    // A message whose subject names the site and the address to let in.
    [
      email,
      'out@else.test',
      {
        lead: 'To ask for access, write to',
        href: 'mailto:docs-team@corp.test?subject=Access%20to%20Jest%20for%20out%40else.test',
        label: 'docs-team@corp.test',
      },
    ],
    // An account without an address.
    [
      email,
      '',
      {lead: 'To ask for access, write to', href: 'mailto:docs-team@corp.test?subject=Access%20to%20Jest', label: 'docs-team@corp.test'},
    ],
    [
      {kind: 'web', url: 'https://corp.test/docs-access'},
      'out@else.test',
      {lead: 'To ask for access, go to', href: 'https://corp.test/docs-access', label: 'https://corp.test/docs-access'},
    ],
  ])('%j, for %j', (contact, address, expected) => {
    expect(accessRequest(contact, 'Jest', address)).toEqual(expected);
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
  it.each<[string, {hadSession: boolean; readerPresent: boolean; onLoginPage: boolean}, SessionChange]>([
    ['a reader on a page of the site: a session to remember', {hadSession: false, readerPresent: true, onLoginPage: false}, 'remember'],
    ['a reader on a page of the site, again', {hadSession: true, readerPresent: true, onLoginPage: false}, 'remember'],
    ['a reader on the login page (maybe one it refuses): nothing', {hadSession: false, readerPresent: true, onLoginPage: true}, 'none'],
    ['nobody, after a session: it ended (on a page)', {hadSession: true, readerPresent: false, onLoginPage: false}, 'ended'],
    ['nobody, after a session: it ended (on the login page)', {hadSession: true, readerPresent: false, onLoginPage: true}, 'ended'],
    [
      'nobody, and no session before (a visitor, or a sign-out on purpose): nothing',
      {hadSession: false, readerPresent: false, onLoginPage: true},
      'none',
    ],
    ['nobody on a page, no session before: nothing', {hadSession: false, readerPresent: false, onLoginPage: false}, 'none'],
  ])('%s', (_name, input, expected) => {
    expect(sessionChange(input)).toBe(expected);
  });
});
