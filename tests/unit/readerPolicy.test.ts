import {describe, expect, it} from 'vitest';
import {
  admit,
  audiencesOf,
  describePolicy,
  parseAllowedDomains,
  parseEmailList,
  PolicyError,
  policySettingsFromEnv,
  READERS_FILE_SETTLE_MS,
  readersFileSettlesIn,
  type FileStamp,
  type ReaderAccount,
  type ReaderPolicy,
} from '../../server/rules/readerPolicy';
import {claimsWithSignedOut, MAX_CUSTOM_CLAIMS_CHARS, sessionEnding, SIGNED_OUT_CLAIM} from '../../server/rules/sessionRules';

const account = (email: string | null, overrides: Partial<ReaderAccount> = {}): ReaderAccount => ({
  email,
  emailVerified: true,
  disabled: false,
  providerIds: ['password'],
  ...overrides,
});

const policy = (domains: string[] | 'any', emails: string[] = []): ReaderPolicy => ({
  domains: domains === 'any' ? 'any' : new Set(domains),
  emails: new Set(emails),
});

const EXAMPLE = policy(['example.com', 'example.org']);
const LISTED = policy([], ['ada@partner.test', 'grace@example.net']);

describe('audiencesOf', () => {
  const list = parseEmailList('ana@acme.test partners\n@corp.test staff\nbo@corp.test partners\ncy@acme.test\n');
  const withAudiences: ReaderPolicy = {domains: new Set(), emails: list.emails, listedDomains: list.domains, audiences: list.audiences};
  it.each<[string | null, string[]]>([
    ['ana@acme.test', ['partners']],
    ['ANA@acme.test', ['partners']],
    ['bo@corp.test', ['partners', 'staff']],
    ['dee@corp.test', ['staff']],
    ['cy@acme.test', []],
    [null, []],
  ])('%s is in %j', (email, expected) => expect(audiencesOf(email, withAudiences).sort()).toEqual(expected.sort()));

  it("admits a readers file's domain line as the allowed domains do", () => {
    expect(admit(account('dee@corp.test'), withAudiences)).toEqual({admitted: true});
    expect(admit(account('dee@evil-corp.test'), withAudiences)).toEqual({admitted: false, reason: 'not-allowed'});
  });
});

describe('admit', () => {
  it.each([
    ['an address of an allowed domain', account('ada@example.com'), EXAMPLE, null],
    ['the second allowed domain', account('ada@example.org'), EXAMPLE, null],
    ['a domain in upper case', account('Ada@EXAMPLE.COM'), EXAMPLE, null],
    ['an address with surrounding spaces', account(' ada@example.com '), EXAMPLE, null],
    ['a look-alike domain with a prefix', account('ada@evil-example.com'), EXAMPLE, 'not-allowed'],
    ['a look-alike domain glued on', account('ada@badexample.com'), EXAMPLE, 'not-allowed'],
    ['the domain as a prefix of another', account('ada@example.com.evil.test'), EXAMPLE, 'not-allowed'],
    ['a subdomain (whole domains only)', account('ada@docs.example.com'), EXAMPLE, 'not-allowed'],
    ['the domain in the local part', account('example.com@evil.test'), EXAMPLE, 'not-allowed'],
    ['a quoted @ in the local part', account('"ada@example.com"@evil.test'), EXAMPLE, 'not-allowed'],
    ['another domain', account('ada@other.test'), EXAMPLE, 'not-allowed'],
    ['a listed address', account('ada@partner.test'), LISTED, null],
    ['a listed address in another case', account('GRACE@Example.NET'), LISTED, null],
    ['an unlisted address of a listed domain', account('eve@partner.test'), LISTED, 'not-allowed'],
    ['a listed address with a suffix', account('ada@partner.test.evil.test'), LISTED, 'not-allowed'],
    ['a listed address, domains also set', account('ada@partner.test'), policy(['example.com'], ['ada@partner.test']), null],
    ['any verified email with *', account('anyone@anywhere.test'), policy('any'), null],
    ['an unverified address of an allowed domain', account('ada@example.com', {emailVerified: false}), EXAMPLE, 'email-not-verified'],
    ['an unverified listed address', account('ada@partner.test', {emailVerified: false}), LISTED, 'email-not-verified'],
    // Verification comes first: an unverified account must not learn whether its address may read.
    ['an unverified address of another domain', account('ada@other.test', {emailVerified: false}), EXAMPLE, 'email-not-verified'],
    ['an unverified email with *', account('anyone@anywhere.test', {emailVerified: false}), policy('any'), 'email-not-verified'],
    ['an anonymous account', account(null, {providerIds: [], emailVerified: false}), policy('any'), 'anonymous'],
    ['an account without email (phone)', account(null, {providerIds: ['phone']}), policy('any'), 'not-allowed'],
    ['an empty email', account('', {providerIds: ['password']}), policy('any'), 'not-allowed'],
    ['a disabled account of an allowed domain', account('ada@example.com', {disabled: true}), EXAMPLE, 'disabled'],
    ['a disabled listed account', account('ada@partner.test', {disabled: true}), LISTED, 'disabled'],
    ['an address with no domain', account('ada@'), EXAMPLE, 'not-allowed'],
    ['nothing allowed at all', account('ada@example.com'), policy([]), 'not-allowed'],
  ])('%s', (_name, reader, readerPolicy, refusal) => {
    expect(admit(reader, readerPolicy)).toEqual(refusal === null ? {admitted: true} : {admitted: false, reason: refusal});
  });
});

describe('parseAllowedDomains', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['  ', undefined],
    ['*', 'any'],
    [' * ', 'any'],
    ['example.com', ['example.com']],
    ['Example.COM, example.org ,', ['example.com', 'example.org']],
    ['@example.com', ['example.com']],
    ['xn--bcher-kva.example', ['xn--bcher-kva.example']],
  ])('%j → %j', (raw, expected) => {
    const parsed = parseAllowedDomains(raw);
    expect(parsed instanceof Set ? [...parsed] : parsed).toEqual(expected);
  });

  it.each([
    ['localhost'],
    ['*.example.com'],
    ['https://example.com'],
    ['example.com/docs'],
    ['ada@example.com'],
    ['exa mple.com'],
    ['*,example.com'],
  ])('refuses %j with a message naming the variable', (raw) => {
    expect(() => parseAllowedDomains(raw)).toThrow(/ALLOWED_EMAIL_DOMAINS/);
  });
});

describe('readersFileSettlesIn', () => {
  const NOW = 1_700_000_000_000;
  const stamp = (ageMs: number, size = 40, ino = 7): FileStamp => ({mtimeMs: NOW - ageMs, size, ino});
  it.each<[string, FileStamp, FileStamp, number]>([
    ['still for a while: the read is the list', stamp(5_000), stamp(5_000), 0],
    ['still for exactly the settling time', stamp(READERS_FILE_SETTLE_MS), stamp(READERS_FILE_SETTLE_MS), 0],
    ['truncated a moment ago, not yet written: wait out the rest', stamp(50, 0), stamp(50, 0), READERS_FILE_SETTLE_MS - 50],
    ['written while it was read', stamp(50, 0), stamp(10, 40), READERS_FILE_SETTLE_MS],
    ['grown while it was read, same time of change', stamp(5_000, 20), stamp(5_000, 40), READERS_FILE_SETTLE_MS],
    ['replaced by another file while it was read', stamp(5_000, 40, 7), stamp(5_000, 40, 8), READERS_FILE_SETTLE_MS],
    ['changed "in the future" (another machine\'s clock): nothing to wait for', stamp(-60_000), stamp(-60_000), 0],
  ])('%s', (_case, before, after, wait) => expect(readersFileSettlesIn(before, after, NOW)).toBe(wait));
});

describe('parseEmailList', () => {
  it('reads the audiences after an address or a domain, separated by spaces or commas', () => {
    const list = parseEmailList(
      'ana@acme.test partners\nBo@Corp.test staff,partners  # lead\n@corp.test staff\ncy@acme.test\n@Example.org\n',
    );
    expect([...list.emails]).toEqual(['ana@acme.test', 'bo@corp.test', 'cy@acme.test']);
    expect([...list.domains]).toEqual(['corp.test', 'example.org']);
    expect(Object.fromEntries(list.audiences)).toEqual({
      'ana@acme.test': ['partners'],
      'bo@corp.test': ['staff', 'partners'],
      '@corp.test': ['staff'],
    });
    expect(list.named).toEqual([
      {line: 1, audience: 'partners'},
      {line: 2, audience: 'staff'},
      {line: 2, audience: 'partners'},
      {line: 3, audience: 'staff'},
    ]);
    expect(list.invalid).toEqual([]);
  });

  it.each([
    ['two addresses on a line', 'ana@acme.test bo@acme.test'],
    ['a domain that is not one', '@localhost staff'],
    ['an audience before the address', 'staff ana@acme.test'],
    ['an address with a comma after it', 'ana@acme.test, partners'],
    ['an address with a U+0085 after it', 'ana@acme.test\u0085 partners'],
  ])('reports %s', (_case, line) => expect(parseEmailList(`${line}\n`).invalid).toEqual([{line: 1, text: line}]));

  it.each([
    ['an audience', 'ana@acme.test partners\nbo@acme.test staff', 'bo@acme.test', 'staff'],
    ['a domain', 'ana@acme.test partners\r\n@acme.co', '@acme.co', null],
  ])('reads a last line with no line ending as one still being written: %s cut short lists nobody', (_case, text, who, audience) => {
    const list = parseEmailList(text);
    expect(list.unfinished).toEqual({line: 2, text: text.split(/\r?\n/)[1]});
    expect([...list.emails, ...[...list.domains].map((domain) => `@${domain}`)]).toEqual(['ana@acme.test']);
    expect(list.audiences.get(who)).toBeUndefined();
    expect(list.named.map(({audience: named}) => named)).not.toContain(audience);
    // Once it ends, it is read.
    expect(parseEmailList(`${text}\n`).unfinished).toBeNull();
  });

  it('reads one address a line, in lower case, skipping blanks and comments', () => {
    const list = parseEmailList('# readers\nAda@Example.com\n\n  grace@example.net  # team lead\r\nada@example.com\n');
    expect([...list.emails]).toEqual(['ada@example.com', 'grace@example.net']);
    expect(list.invalid).toEqual([]);
  });

  it('reports what is not an address, by line number', () => {
    const list = parseEmailList('ada@example.com\nnot an address\n# fine\nexample.com\n');
    expect([...list.emails]).toEqual(['ada@example.com']);
    expect(list.invalid).toEqual([
      {line: 2, text: 'not an address'},
      {line: 4, text: 'example.com'},
    ]);
  });

  it("starts a comment only at the line's start or after whitespace, and reports a line that is not one address", () => {
    const list = parseEmailList('evil@attacker.test#@allowed.test\nreader#one@example.com\nada@example.com\t# lead\n#gone@example.com\n');
    expect([...list.emails]).toEqual(['reader#one@example.com', 'ada@example.com']);
    expect(list.invalid).toEqual([{line: 1, text: 'evil@attacker.test#@allowed.test'}]);
  });

  it('is empty for an empty file', () => {
    expect(parseEmailList('').emails.size).toBe(0);
  });
});

describe('policySettingsFromEnv', () => {
  it.each([
    ['nothing, demo project: every verified email', {}, true, {settings: {domains: 'any', emailsFile: null}, unset: true}],
    ['nothing, real project: nobody', {}, false, {settings: {domains: new Set(), emailsFile: null}, unset: true}],
    [
      'domains',
      {ALLOWED_EMAIL_DOMAINS: 'Example.com, example.org'},
      false,
      {settings: {domains: new Set(['example.com', 'example.org']), emailsFile: null}, unset: false},
    ],
    [
      'a file, relative to the working folder',
      {ALLOWED_EMAILS_FILE: 'readers.txt'},
      true,
      {settings: {domains: new Set(), emailsFile: '/srv/readers.txt'}, unset: false},
    ],
    ['any domain', {ALLOWED_EMAIL_DOMAINS: '*'}, false, {settings: {domains: 'any', emailsFile: null}, unset: false}],
  ])('%s', (_name, env, isDemo, expected) => {
    expect(policySettingsFromEnv(env, '/srv', isDemo)).toEqual(expected);
  });

  it('refuses a malformed domain list', () => {
    expect(() => policySettingsFromEnv({ALLOWED_EMAIL_DOMAINS: 'https://acme.com'}, '/srv', false)).toThrow(PolicyError);
  });
});

describe('describePolicy', () => {
  it('says what kind of policy is in force without naming a domain', () => {
    expect(describePolicy(new Set(['secret.example']), '/etc/readers.txt')).toBe(
      'verified emails of 1 allowed domain(s), and the verified addresses listed in /etc/readers.txt',
    );
    expect(describePolicy('any', null)).toBe('any verified email');
  });
});

describe('sessionEnding', () => {
  const state = (overrides: object = {}) => ({
    account: account('ada@example.com'),
    tokensValidAfterMs: 1_000_000_000,
    customClaims: {},
    ...overrides,
  });
  const cookie = {authTimeSeconds: 1_000_000, signInId: 'abc'};

  it.each([
    ['an admitted, unrevoked, not signed-out session', state(), null],
    ['a sign-in in the very second of the revocation (Firebase keeps it)', state({tokensValidAfterMs: 1_000_000_000}), null],
    ['a sign-in before the revocation', state({tokensValidAfterMs: 1_000_001_000}), 'revoked'],
    ['no revocation time at all', state({tokensValidAfterMs: null}), null],
    ['a sign-in in the signed-out list', state({customClaims: {[SIGNED_OUT_CLAIM]: {abc: 2_000_000}}}), 'signed-out'],
    ['another sign-in in the signed-out list', state({customClaims: {[SIGNED_OUT_CLAIM]: {xyz: 2_000_000}}}), null],
    ['a malformed signed-out list', state({customClaims: {[SIGNED_OUT_CLAIM]: 'abc'}}), null],
    ['an account that left the policy', state({account: account('ada@other.test')}), 'not-allowed'],
    [
      'a disabled account, also signed out',
      state({account: account('ada@example.com', {disabled: true}), customClaims: {[SIGNED_OUT_CLAIM]: {abc: 1}}}),
      'disabled',
    ],
  ])('%s → %s', (_name, accountState, expected) => {
    expect(sessionEnding(cookie, accountState, EXAMPLE)).toBe(expected);
  });
});

describe('claimsWithSignedOut', () => {
  it('adds the cookie, keeps other claims and live entries, drops expired ones', () => {
    const claims = {role: 'editor', [SIGNED_OUT_CLAIM]: {expired: 99, live: 200}};
    expect(claimsWithSignedOut(claims, 'new', 300, 100)).toEqual({role: 'editor', [SIGNED_OUT_CLAIM]: {live: 200, new: 300}});
  });

  it('starts a list on an account without claims', () => {
    expect(claimsWithSignedOut({}, 'new', 300, 100)).toEqual({[SIGNED_OUT_CLAIM]: {new: 300}});
  });

  it("gives up (null) when the claims would pass Firebase's limit", () => {
    const live = Object.fromEntries(Array.from({length: 50}, (_, i) => [`id-${i}`.padEnd(16, '0'), 2_000_000_000]));
    expect(JSON.stringify({[SIGNED_OUT_CLAIM]: live}).length).toBeGreaterThan(MAX_CUSTOM_CLAIMS_CHARS);
    expect(claimsWithSignedOut({[SIGNED_OUT_CLAIM]: live}, 'new', 2_000_000_000, 100)).toBeNull();
  });
});
