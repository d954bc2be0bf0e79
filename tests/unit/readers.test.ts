import {describe, expect, it} from 'vitest';
import {
  addToEmailList,
  formatAccountTable,
  inviteAction,
  MAX_CELL_LENGTH,
  parseArgs,
  parseReadersCsv,
  readersTarget,
  UsageError,
  UserError,
  type AccountRow,
  type InviteAction,
} from '../../scripts/readers/rules';
import {parseEmailList} from '../../server/rules/readerPolicy';

describe('parseArgs', () => {
  it.each([
    [['list'], {name: 'list'}],
    [['help'], {name: 'help'}],
    [['--help'], {name: 'help'}],
    [['invite', ' Ada@Example.COM '], {name: 'invite', email: 'ada@example.com'}],
    // A # inside an address is part of it: the allowed-emails file starts comments only at a line's start or after a space.
    [['invite', 'a#b@example.com'], {name: 'invite', email: 'a#b@example.com'}],
    [['disable', 'ada@example.com'], {name: 'disable', email: 'ada@example.com'}],
    [['enable', 'ada@example.com'], {name: 'enable', email: 'ada@example.com'}],
    [['sign-out', 'ADA@example.com'], {name: 'sign-out', email: 'ada@example.com'}],
    [['import', 'readers.csv'], {name: 'import', file: 'readers.csv'}],
  ])('reads %j', (argv, command) => {
    expect(parseArgs(argv)).toEqual(command);
  });

  it.each([
    [[], /give a command/],
    [['frob'], /unknown command "frob"/],
    [['invite'], /invite needs an email address/],
    [['import'], /import needs a CSV file/],
    [['list', 'extra'], /list takes no argument/],
    [['disable', 'a@example.com', 'b@example.com'], /disable takes only an email address/],
    [['invite', 'not-an-address'], /"not-an-address" is not an email address/],
    [['sign-out', 'nobody'], /"nobody" is not an email address/],
    [['invite', '#ab@example.com'], /starts with #/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('readersTarget', () => {
  it.each([
    [{}, {projectId: 'demo-tutorial-hub', isDemo: true, emulatorHost: '127.0.0.1:9099'}],
    [{FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199'}, {projectId: 'demo-tutorial-hub', isDemo: true, emulatorHost: 'localhost:9199'}],
    [{FIREBASE_PROJECT_ID: 'acme-docs'}, {projectId: 'acme-docs', isDemo: false, emulatorHost: null}],
  ])('with %j talks to %j', (env, target) => {
    expect(readersTarget(env)).toEqual(target);
  });

  it('refuses the emulator for a project that is not demo-', () => {
    expect(() => readersTarget({FIREBASE_PROJECT_ID: 'acme-docs', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099'})).toThrow(UserError);
  });
});

describe('inviteAction', () => {
  it.each<[string, {emailVerified: boolean; providerIds: string[]} | null, InviteAction]>([
    ['no account', null, {kind: 'create'}],
    ["a verified account: the reader's own", {emailVerified: true, providerIds: ['password', 'google.com']}, {kind: 'keep'}],
    ['an account nobody can sign in to yet', {emailVerified: false, providerIds: []}, {kind: 'link'}],
    ['a verified account without a sign-in method', {emailVerified: true, providerIds: []}, {kind: 'link'}],
    // Anyone can make an unverified account for any address: it is taken back.
    ['an unverified account with a password', {emailVerified: false, providerIds: ['password']}, {kind: 'reclaim', providersToUnlink: []}],
    [
      'an unverified account with providers',
      {emailVerified: false, providerIds: ['github.com', 'password', 'phone']},
      {kind: 'reclaim', providersToUnlink: ['github.com', 'phone']},
    ],
  ])('%s', (_, account, expected) => {
    expect(inviteAction(account)).toEqual(expected);
  });
});

describe('parseReadersCsv', () => {
  it.each([
    ['email only', 'email\nada@example.com\n', [{email: 'ada@example.com', name: null, line: 2}]],
    ['normalised addresses', 'email\n  Ada@Example.COM \n', [{email: 'ada@example.com', name: null, line: 2}]],
    [
      'names, other columns in any order, CRLF and blank lines',
      'Team,Name,EMAIL\r\n\r\nred,Ada,ada@example.com\r\nblue,,bob@example.com\r\n',
      [
        {email: 'ada@example.com', name: 'Ada', line: 3},
        {email: 'bob@example.com', name: null, line: 4},
      ],
    ],
    [
      'quoted names with commas and quotes',
      'email,name\nada@example.com,"Lovelace, ""Ada"""\n',
      [{email: 'ada@example.com', name: 'Lovelace, "Ada"', line: 2}],
    ],
    [
      'a byte-order mark and blank lines before the header',
      '\uFEFF\n\nemail\nada@example.com',
      [{email: 'ada@example.com', name: null, line: 4}],
    ],
    ['a header alone', 'email,name\n', []],
  ])('reads %s', (_, text, readers) => {
    expect(parseReadersCsv(text)).toEqual({readers, problems: []});
  });

  it.each([
    ['an empty file', '', [{line: 1, message: 'the file is empty; expected a header line "email"'}]],
    ['no header', 'ada@example.com\n', [{line: 1, message: expect.stringContaining('must name an "email" column')}]],
    ['a header without email', 'name,mail\nAda,ada@example.com\n', [{line: 1, message: expect.stringContaining('"email" column')}]],
    [
      'every bad line, by number',
      'email,name\nada@example.com,Ada\nnot-an-address,Bob\n\n,Nobody\ncy@example.com\n#dx@example.com,Dee\n"eve@example.com,Eve\n',
      [
        {line: 3, message: '"not-an-address" is not an email address'},
        {line: 5, message: 'no email address'},
        {line: 6, message: '1 field(s), but the header has 2'},
        {line: 7, message: expect.stringContaining('starts with #')},
        {line: 8, message: 'a quoted field is not closed'},
      ],
    ],
    [
      'duplicates, however spelled',
      'email\nada@example.com\nbob@example.com\n ADA@example.com\n',
      [{line: 4, message: 'ada@example.com is already on line 2'}],
    ],
  ])('reports %s', (_, text, problems) => {
    expect(parseReadersCsv(text).problems).toEqual(problems);
  });
});

describe('addToEmailList', () => {
  const FILE = '# Readers of the docs\nada@example.com  # since May\n\n# bob@example.com left\n';

  it('appends new addresses, normalised, after everything that was there', () => {
    const {text, added} = addToEmailList(FILE, ['Bob@Example.com', 'cy@example.com']);
    expect(added).toEqual(['bob@example.com', 'cy@example.com']);
    expect(text).toBe(`${FILE}bob@example.com\ncy@example.com\n`);
    expect(parseEmailList(text)).toEqual({emails: new Set(['ada@example.com', 'bob@example.com', 'cy@example.com']), invalid: []});
  });

  it.each([
    ['listed already (with a trailing comment)', ['ada@example.com']],
    ['listed already, other case', ['ADA@example.com']],
    ['nothing to add', []],
  ])('leaves the text alone when %s', (_, emails) => {
    expect(addToEmailList(FILE, emails)).toEqual({text: FILE, added: []});
  });

  it.each([
    ['an empty file', '', ['ada@example.com'], 'ada@example.com\n'],
    ['no final newline', 'ada@example.com', ['bob@example.com'], 'ada@example.com\nbob@example.com\n'],
    ['CRLF lines', 'ada@example.com\r\n', ['bob@example.com'], 'ada@example.com\r\nbob@example.com\r\n'],
    ['one address twice', '', ['bob@example.com', 'BOB@example.com'], 'bob@example.com\n'],
  ])('handles %s', (_, before, emails, after) => {
    expect(addToEmailList(before, emails).text).toBe(after);
  });
});

describe('formatAccountTable', () => {
  const account = (overrides: Partial<AccountRow>): AccountRow => ({
    uid: 'uid',
    email: 'ada@example.com',
    emailVerified: true,
    disabled: false,
    providerIds: ['password'],
    lastSignInTime: 'Tue, 07 May 2024 09:30:12 GMT',
    ...overrides,
  });
  const policy = {domains: new Set(['staff.example']), emails: new Set(['ada@example.com', 'cy@example.com'])};

  it('shows one aligned row per account, by email, and counts them', () => {
    const table = formatAccountTable(
      [
        account({email: 'zed@staff.example', lastSignInTime: null}),
        account({email: 'Ada@Example.com'}),
        account({uid: 'anon', email: null, providerIds: [], lastSignInTime: undefined}),
        account({email: 'bob@example.com', emailVerified: false}),
        account({email: 'cy@example.com', disabled: true}),
      ],
      policy,
    );
    expect(table.split('\n')).toEqual([
      'EMAIL                 VERIFIED  DISABLED  LAST SIGN-IN          ALLOWED BY  ADMITTED',
      'Ada@Example.com       yes       no        2024-05-07 09:30 UTC  on list     yes',
      'bob@example.com       no        no        2024-05-07 09:30 UTC  -           no (not verified)',
      'cy@example.com        yes       yes       2024-05-07 09:30 UTC  on list     no (disabled)',
      'zed@staff.example     yes       no        never                 domain      yes',
      '(no email; uid anon)  yes       no        never                 -           no (anonymous)',
      '',
      '5 account(s), 2 admitted by the gate.',
    ]);
  });

  it('cuts a long address with a visible marker, and shows no control character', () => {
    const long = `${'x'.repeat(5000)}@staff.example`;
    const table = formatAccountTable([account({email: long}), account({email: 'bell\u0007\u001b[2J@example.com'})], policy);
    const [header, first, second] = table.split('\n');
    expect(first).toMatch(/^bell\?\?\[2J@example\.com /);
    expect(second).toBe(`${'x'.repeat(MAX_CELL_LENGTH - 1)}…  yes       no        2024-05-07 09:30 UTC  domain      yes`);
    expect(header!.length).toBeLessThan(MAX_CELL_LENGTH + 80);
  });

  it.each([
    ['on the list and in a domain', {domains: new Set(['example.com']), emails: new Set(['ada@example.com'])}, 'on list, domain'],
    ['any verified email', {domains: 'any' as const, emails: new Set<string>()}, 'any email'],
    ['a look-alike domain', {domains: new Set(['ample.com']), emails: new Set<string>()}, '-'],
  ])('says why an address is allowed: %s', (_, rowPolicy, allowedBy) => {
    const row = formatAccountTable([account({})], rowPolicy).split('\n')[1]!;
    expect(row.split(/\s{2,}/)[4]).toBe(allowedBy);
  });
});
