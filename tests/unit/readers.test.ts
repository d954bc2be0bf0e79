import {describe, expect, it} from 'vitest';
import {addToEmailList, grantAudiences, revokeAudiences, type AudienceEdit} from '../../scripts/readers/listFile';
import {parseArgs, parseCommandLine, undefinedAudienceProblem, UsageError, UserError} from '../../scripts/readers/commandLine';
import {invitationLinkOf, inviteAction, readersTarget, type InviteAction} from '../../scripts/readers/invitations';
import {formatAccountTable, formatAudiences, MAX_CELL_LENGTH, type AccountRow} from '../../scripts/readers/listing';
import {parseReadersCsv} from '../../scripts/readers/readersCsv';
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
    [['audiences'], {name: 'audiences'}],
    [['grant', ' Ana@Acme.TEST', 'partners'], {name: 'grant', who: 'ana@acme.test', audiences: ['partners']}],
    // Audiences separated by spaces or commas, as in the file; each once.
    [['grant', 'ana@acme.test', 'staff,partners', 'staff'], {name: 'grant', who: 'ana@acme.test', audiences: ['staff', 'partners']}],
    [['grant', '@Corp.test', 'staff'], {name: 'grant', who: '@corp.test', audiences: ['staff']}],
    [['revoke', 'bo@corp.test', 'partners staff'], {name: 'revoke', who: 'bo@corp.test', audiences: ['partners', 'staff']}],
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
    [['audiences', 'partners'], /audiences takes no argument/],
    [['grant'], /grant needs an email address or @domain, then one or more audiences/],
    [['revoke', 'ana@acme.test'], /revoke needs an email address or @domain, then one or more audiences/],
    [['grant', 'ana@acme.test', ','], /grant needs an email address or @domain, then one or more audiences/],
    [['grant', 'ana@acme.test', 'public'], /"public" is not an audience readers are put in/],
    [['revoke', 'ana@acme.test', 'staff,public'], /"public" is not an audience readers are put in/],
    [['grant', 'acme.test', 'partners'], /"acme.test" is not an email address or @domain/],
    [['grant', '@acme', 'partners'], /"@acme" is not a domain such as @example.com/],
    [['grant', '@acme.test,corp.test', 'partners'], /is not a domain such as @example.com/],
    [['grant', '#ana@acme.test', 'partners'], /starts with #/],
    // What the gate would list as an address no account has: it would never admit the reader.
    [['grant', 'ana@acme.test,', 'partners'], /"ana@acme.test," is not an email address or @domain/],
    [['grant', 'ana@acme.test\u0085', 'partners'], /is not an email address or @domain/],
    [['invite', 'ana@acme.test;'], /"ana@acme.test;" is not an email address/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('parseCommandLine: the command, and the site whose audiences it uses', () => {
  it.each([
    [['audiences'], {command: {name: 'audiences'}, site: null}],
    [['--site', '../docs-site', 'audiences'], {command: {name: 'audiences'}, site: '../docs-site'}],
    [
      ['grant', 'ana@acme.test', 'partners', '--site', '/srv/site'],
      {command: {name: 'grant', who: 'ana@acme.test', audiences: ['partners']}, site: '/srv/site'},
    ],
    [['--site=site dir', 'list'], {command: {name: 'list'}, site: 'site dir'}],
  ])('reads %j', (argv, expected) => {
    expect(parseCommandLine(argv)).toEqual(expected);
  });

  it.each([
    [['audiences', '--site'], /--site needs the site's folder/],
    [['--site=', 'audiences'], /--site needs the site's folder/],
    [['--site', 'a', '--site', 'b', 'list'], /--site is given twice/],
    // The command's own mistakes are found as without --site.
    [['--site', 'a'], /give a command/],
    [['--site', 'a', 'list', 'extra'], /list takes no argument/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
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

describe('invitationLinkOf', () => {
  it.each<[string, Record<string, string>, boolean, ReturnType<typeof invitationLinkOf>]>([
    // Links on (the gate's default): a sign-in link to the site's login page, which then opens its home page.
    [
      'links on, a real site',
      {PUBLIC_ORIGIN: 'https://docs.acme.com/'},
      false,
      {kind: 'sign-in', loginUrl: 'https://docs.acme.com/login?redirect=%2F'},
    ],
    [
      'links only',
      {EMAIL_SIGN_IN: 'link', PUBLIC_ORIGIN: 'https://docs.acme.com'},
      false,
      {kind: 'sign-in', loginUrl: 'https://docs.acme.com/login?redirect=%2F'},
    ],
    ['the demo project, as npm start serves it', {}, true, {kind: 'sign-in', loginUrl: 'http://127.0.0.1:3000/login?redirect=%2F'}],
    ['passwords only', {EMAIL_SIGN_IN: 'password'}, false, {kind: 'password'}],
  ])('%s', (_name, env, isDemo, expected) => {
    expect(invitationLinkOf(env, isDemo)).toEqual(expected);
  });

  it.each([
    [{}, /^PUBLIC_ORIGIN is not set: a sign-in link leads to the site/],
    [
      {EMAIL_SIGN_IN: 'pigeon', PUBLIC_ORIGIN: 'https://docs.acme.com'},
      /^EMAIL_SIGN_IN must be one of link, password, both; got "pigeon"\.$/,
    ],
    // The gate refuses to start with it: a link there would lead nowhere.
    [{PUBLIC_ORIGIN: 'https://docs.acme.com/guide'}, /^PUBLIC_ORIGIN must be an origin such as https:\/\/docs\.example\.com \(no path\)/],
  ])('refuses %j for a real project', (env, message) => {
    expect(() => invitationLinkOf(env, false)).toThrow(message);
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
    expect(parseEmailList(text)).toMatchObject({emails: new Set(['ada@example.com', 'bob@example.com', 'cy@example.com']), invalid: []});
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

describe('grantAudiences', () => {
  const FILE = '# Readers\nada@example.com  # since May\n\n# bo@corp.test left\n@corp.test staff\n';

  it.each<[string, string, string, string[], string, Omit<AudienceEdit, 'text'>]>([
    [
      'to a line without audiences, its comment kept',
      FILE,
      'ada@example.com',
      ['partners'],
      '# Readers\nada@example.com partners  # since May\n\n# bo@corp.test left\n@corp.test staff\n',
      {wasListed: true, changed: ['partners'], unchanged: [], lines: [2]},
    ],
    [
      "to a domain's line, after what it has",
      FILE,
      '@corp.test',
      ['partners'],
      '# Readers\nada@example.com  # since May\n\n# bo@corp.test left\n@corp.test staff,partners\n',
      {wasListed: true, changed: ['partners'], unchanged: [], lines: [5]},
    ],
    [
      'to an address without a line (one in a comment does not count): a new line at the end',
      FILE,
      'bo@corp.test',
      ['partners', 'staff'],
      `${FILE}bo@corp.test partners,staff\n`,
      {wasListed: false, changed: ['partners', 'staff'], unchanged: [], lines: [6]},
    ],
    [
      'to a new domain',
      'ada@example.com',
      '@acme.test',
      ['partners'],
      'ada@example.com\n@acme.test partners\n',
      {wasListed: false, changed: ['partners'], unchanged: [], lines: [2]},
    ],
    [
      'to an empty file',
      '',
      'ada@example.com',
      ['staff'],
      'ada@example.com staff\n',
      {wasListed: false, changed: ['staff'], unchanged: [], lines: [1]},
    ],
    [
      'an audience it has already, and one twice: the others added once, written with commas',
      'bo@corp.test staff partners # two\n',
      'bo@corp.test',
      ['legacy', 'staff', 'legacy'],
      'bo@corp.test staff,partners,legacy # two\n',
      {wasListed: true, changed: ['legacy'], unchanged: ['staff'], lines: [1]},
    ],
    [
      'only audiences it has: nothing changes',
      'bo@corp.test staff,partners\n',
      'bo@corp.test',
      ['partners'],
      'bo@corp.test staff,partners\n',
      {wasListed: true, changed: [], unchanged: ['partners'], lines: []},
    ],
    [
      'an audience on a later line of the same address: it has it',
      'bo@corp.test\nBO@corp.test partners\n',
      'bo@corp.test',
      ['partners', 'staff'],
      'bo@corp.test staff\nBO@corp.test partners\n',
      {wasListed: true, changed: ['staff'], unchanged: ['partners'], lines: [1]},
    ],
    [
      'to an address written in capitals and indented, as written',
      '  Ada@Example.com\t# lead\n',
      'ada@example.com',
      ['staff'],
      '  Ada@Example.com staff\t# lead\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [1]},
    ],
    [
      'CRLF lines, kept on the line it writes, and the last line ended (the gate reads it unfinished without)',
      '# Readers\r\nada@example.com # since May\r\nbo@corp.test',
      'ada@example.com',
      ['staff'],
      '# Readers\r\nada@example.com staff # since May\r\nbo@corp.test\r\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [2]},
    ],
    [
      'a new line in a CRLF file without a final line ending',
      '# Readers\r\nbo@corp.test',
      'ada@example.com',
      ['staff'],
      '# Readers\r\nbo@corp.test\r\nada@example.com staff\r\n',
      {wasListed: false, changed: ['staff'], unchanged: [], lines: [3]},
    ],
    [
      'to a line whose comment holds a line separator',
      'ada@example.com # a\u2028b\n',
      'ada@example.com',
      ['staff'],
      'ada@example.com staff # a\u2028b\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [1]},
    ],
    [
      'not to a line the gate skips (an @ among the audiences): a new line',
      'ada@example.com partners bo@corp.test\n',
      'ada@example.com',
      ['staff'],
      'ada@example.com partners bo@corp.test\nada@example.com staff\n',
      {wasListed: false, changed: ['staff'], unchanged: [], lines: [2]},
    ],
  ])('%s', (_, before, who, audiences, after, result) => {
    expect(grantAudiences(before, who, audiences)).toEqual({text: after, ...result});
  });

  it('gives the gate the audiences it was asked to', () => {
    const {text} = grantAudiences(FILE, 'ada@example.com', ['partners', 'staff']);
    expect(parseEmailList(text).audiences).toEqual(
      new Map([
        ['ada@example.com', ['partners', 'staff']],
        ['@corp.test', ['staff']],
      ]),
    );
  });
});

describe('revokeAudiences', () => {
  it.each<[string, string, string, string[], string, Omit<AudienceEdit, 'text'>]>([
    [
      'one of two, the comment kept',
      '# Readers\nbo@corp.test staff,partners # two\n',
      'bo@corp.test',
      ['staff'],
      '# Readers\nbo@corp.test partners # two\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [2]},
    ],
    [
      'the last one: the address stays on the list',
      'bo@corp.test staff  # two\nada@example.com\n',
      'bo@corp.test',
      ['staff'],
      'bo@corp.test  # two\nada@example.com\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [1]},
    ],
    [
      "from a domain's line",
      '@corp.test staff partners\n',
      '@corp.test',
      ['partners', 'staff'],
      '@corp.test\n',
      {wasListed: true, changed: ['partners', 'staff'], unchanged: [], lines: [1]},
    ],
    [
      'one it has and one it has not',
      'bo@corp.test staff,partners\n',
      'bo@corp.test',
      ['legacy', 'staff'],
      'bo@corp.test partners\n',
      {wasListed: true, changed: ['staff'], unchanged: ['legacy'], lines: [1]},
    ],
    [
      'only ones it has not: nothing changes',
      'bo@corp.test staff\n',
      'bo@corp.test',
      ['partners'],
      'bo@corp.test staff\n',
      {wasListed: true, changed: [], unchanged: ['partners'], lines: []},
    ],
    [
      'from an address with no line: nothing changes',
      '# bo@corp.test staff\n',
      'bo@corp.test',
      ['staff'],
      '# bo@corp.test staff\n',
      {wasListed: false, changed: [], unchanged: ['staff'], lines: []},
    ],
    [
      'from every line of the address',
      'bo@corp.test staff\nada@example.com staff\nBo@Corp.test partners,staff\n',
      'bo@corp.test',
      ['staff'],
      'bo@corp.test\nada@example.com staff\nBo@Corp.test partners\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [1, 3]},
    ],
    [
      'CRLF lines kept',
      '# Readers\r\nbo@corp.test staff,partners\r\nada@example.com staff\r\n',
      'bo@corp.test',
      ['staff'],
      '# Readers\r\nbo@corp.test partners\r\nada@example.com staff\r\n',
      {wasListed: true, changed: ['staff'], unchanged: [], lines: [2]},
    ],
  ])('%s', (_, before, who, audiences, after, result) => {
    expect(revokeAudiences(before, who, audiences)).toEqual({text: after, ...result});
  });
});

describe('undefinedAudienceProblem', () => {
  const defined = new Map([
    ['partners', 'Partner companies'],
    ['staff', 'The team'],
  ]);

  it.each([
    [['partners', 'staff'], defined, null],
    [['partner'], defined, '"partner" is not an audience that audiences.json defines (it defines partners, staff)'],
    [['staff', 'x', 'Partners'], defined, '"x", "Partners" are not audiences that audiences.json defines (it defines partners, staff)'],
    [['staff'], new Map<string, string>(), '"staff" is not an audience that audiences.json defines (it defines none)'],
  ])('%j', (audiences, known, problem) => {
    expect(undefinedAudienceProblem(audiences, known)).toBe(problem);
  });
});

describe('formatAudiences', () => {
  it('shows each audience, in the order defined, with who is in it: domains first', () => {
    const defined = new Map([
      ['staff', 'The team'],
      ['partners', 'Partner companies'],
      ['legacy', ''],
    ]);
    const given = new Map([
      ['zed@acme.test', ['partners']],
      ['@corp.test', ['staff', 'partners']],
      ['ada@acme.test', ['partners', 'unknown']],
    ]);
    expect(formatAudiences(defined, given).split('\n')).toEqual([
      'staff: The team',
      '  @corp.test',
      'partners: Partner companies',
      '  @corp.test',
      '  ada@acme.test',
      '  zed@acme.test',
      'legacy',
      '  nobody',
    ]);
  });

  it('says when the site defines none', () => {
    expect(formatAudiences(new Map(), new Map([['ada@acme.test', ['partners']]]))).toBe('audiences.json defines no audiences.');
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
    [
      "the file's line of its domain",
      {domains: new Set<string>(), emails: new Set<string>(), listedDomains: new Set(['example.com'])},
      'listed domain',
    ],
  ])('says why an address is allowed: %s', (_, rowPolicy, allowedBy) => {
    const row = formatAccountTable([account({})], rowPolicy).split('\n')[1]!;
    expect(row.split(/\s{2,}/)[4]).toBe(allowedBy);
  });

  it("adds the audiences the file gives each account, its own line's and its domain's", () => {
    const audiencePolicy = {
      domains: new Set<string>(),
      emails: new Set(['ada@example.com', 'bo@corp.test']),
      listedDomains: new Set(['corp.test']),
      audiences: new Map([
        ['ada@example.com', ['partners']],
        ['bo@corp.test', ['partners']],
        ['@corp.test', ['staff']],
      ]),
    };
    const table = formatAccountTable(
      [account({}), account({email: 'bo@corp.test'}), account({email: 'cy@corp.test'}), account({email: 'dee@example.com'})],
      audiencePolicy,
      {audienceColumn: true},
    );
    const rows = table.split('\n').slice(0, 5);
    expect(rows.map((row) => row.split(/\s{2,}/).slice(4))).toEqual([
      ['ALLOWED BY', 'ADMITTED', 'AUDIENCES'],
      ['on list', 'yes', 'partners'],
      ['on list, listed domain', 'yes', 'partners, staff'],
      ['listed domain', 'yes', 'staff'],
      ['-', 'no (not allowed)', '-'],
    ]);
  });
});
