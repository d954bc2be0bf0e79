import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {GENERATED_FILES_DIR_NAME} from '@docusaurus/utils';
import type {Nodes, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {VFile} from 'vfile';
import {afterAll, describe, expect, it} from 'vitest';
import {conditionsFile} from '../../plugins/audiences/docs';
import remarkAudienceLinks, {linkedPage} from '../../plugins/audiences/remarkAudienceLinks';
import type {SiteConditions} from '../../plugins/audiences/siteConditions';

describe('linkedPage', () => {
  it.each([
    {url: '/partners/embed', from: '/intro', expected: '/partners/embed'},
    {url: '/partners/embed/?a=1#steps', from: '/intro', expected: '/partners/embed'},
    {url: 'partners/embed', from: '/intro', expected: '/partners/embed'},
    {url: '../intro', from: '/partners/embed', expected: '/intro'},
    {url: '/Chapter%202_%20Documentation', from: '/intro', expected: '/Chapter 2_ Documentation'},
    {url: '/', from: '/intro', expected: '/'},
    {url: '#steps', from: '/intro', expected: undefined},
    {url: 'https://example.com/partners/embed', from: '/intro', expected: undefined},
    {url: 'mailto:team@example.com', from: '/intro', expected: undefined},
  ])('$url from $from → $expected', ({url, from, expected}) => {
    expect(linkedPage(url, from)).toBe(expected);
  });
});

const CONDITIONS: SiteConditions = {
  audiences: ['partners', 'staff'],
  descriptions: {partners: 'Partner companies', staff: 'The team'},
  base: 'public',
  pages: {
    '/intro': '*',
    '/open': 'public',
    '/partners/embed': 'partners',
    '/category/partners': 'partners',
    '/staff/checklist': 'staff',
    '/both': 'partners+staff',
    '/Chapter 2': 'staff',
  },
  files: {
    'docs/intro.md': '/intro',
    'docs/open.md': '/open',
    'docs/partners/embed.md': '/partners/embed',
    'docs/staff/checklist.mdx': '/staff/checklist',
    'docs/both.md': '/both',
  },
  docs: {},
  versions: {},
};

const sites = mkdtempSync(path.join(tmpdir(), 'audience-links-'));
afterAll(() => rmSync(sites, {recursive: true, force: true}));
/** A site whose docs plugin wrote these conditions (none: a site without audiences). */
function siteWith(name: string, conditions: SiteConditions | null): string {
  const siteDir = path.join(sites, name);
  mkdirSync(siteDir);
  if (conditions !== null) {
    const file = conditionsFile(path.join(siteDir, GENERATED_FILES_DIR_NAME));
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, JSON.stringify(conditions));
  }
  return siteDir;
}
const WITH_AUDIENCES = siteWith('with-audiences', CONDITIONS);
const WITHOUT_AUDIENCES = siteWith('without-audiences', null);

async function tree(siteDir: string, file: string, body: string, plugin = true): Promise<Root> {
  const processor = unified().use(remarkParse);
  if (file.endsWith('.mdx')) processor.use(remarkMdx);
  if (plugin) processor.use(remarkAudienceLinks, {siteDir});
  const page = new VFile({path: path.join(siteDir, file), value: body});
  return (await processor.run(processor.parse(page), page)) as Root;
}

/** Every link left in a tree: Markdown links and definitions by address, HTML and JSX links by their tag. */
function linksIn(node: Nodes): string[] {
  const own =
    node.type === 'link' || node.type === 'definition'
      ? [node.url]
      : node.type === 'html'
        ? (node.value.match(/<a\b[^>]*>/g) ?? [])
        : (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && node.name === 'a'
          ? [
              `<a${node.attributes.map((attribute) => (attribute.type === 'mdxJsxAttribute' ? ` ${attribute.name}="${String(attribute.value)}"` : '')).join('')}>`,
            ]
          : [];
  return [...own, ...('children' in node ? (node.children as Nodes[]).flatMap(linksIn) : [])];
}

describe('remarkAudienceLinks', () => {
  // `gone`: what no part of the tree may still hold (the address, the title).
  it.each([
    {
      why: 'links every reader of the page may follow stay',
      file: 'docs/intro.md',
      body: '[Intro](/intro), [open](/open) and [elsewhere](https://example.com/x).',
      links: ['/intro', '/open', 'https://example.com/x'],
      text: 'Intro, open and elsewhere.',
      gone: [],
    },
    {
      why: 'a link to a narrower page becomes its text, title and all',
      file: 'docs/intro.md',
      body: 'See [how to *embed*](/partners/embed "Embedding") now.',
      links: [],
      text: 'See how to embed now.',
      gone: ['/partners/embed', 'Embedding'],
    },
    {
      why: 'with a query and a fragment',
      file: 'docs/intro.md',
      body: '[Steps](/partners/embed?a=1#steps)',
      links: [],
      text: 'Steps',
      gone: ['/partners/embed'],
    },
    {
      why: 'relative to the page',
      file: 'docs/intro.md',
      body: '[Embed](partners/embed)',
      links: [],
      text: 'Embed',
      gone: ['partners/embed'],
    },
    {
      why: "to a narrower category's index",
      file: 'docs/intro.md',
      body: '[All of them](/category/partners)',
      links: [],
      text: 'All of them',
      gone: ['/category/partners'],
    },
    {
      why: 'percent-encoded',
      file: 'docs/intro.md',
      body: '[Chapter 2](/Chapter%202)',
      links: [],
      text: 'Chapter 2',
      gone: ['/Chapter%202'],
    },
    {
      why: 'by reference, its definition too',
      file: 'docs/intro.md',
      body: 'Read [the guide][guide].\n\n[guide]: /partners/embed "Embedding"',
      links: [],
      text: 'Read the guide.',
      gone: ['/partners/embed', 'Embedding'],
    },
    {
      why: 'in raw HTML: the tag loses its address and title only',
      file: 'docs/intro.md',
      body: '<p><a href="/partners/embed" title="Embedding" id="embed">Embed</a> or <a href="/intro">start</a></p>',
      links: ['<a id="embed">', '<a href="/intro">'],
      text: '<p><a id="embed">Embed</a> or <a href="/intro">start</a></p>',
      gone: ['/partners/embed', 'Embedding'],
    },
    {
      why: 'from a narrower page to wider ones and its own',
      file: 'docs/partners/embed.md',
      body: '[a](/intro) [b](/partners/embed) [c](/both) [d](/staff/checklist)',
      links: ['/intro', '/partners/embed', '/both'],
      text: 'a b c d',
      gone: ['/staff/checklist'],
    },
    {
      why: 'from a page for two audiences to one of them',
      file: 'docs/both.md',
      body: '[a](/partners/embed) [b](/open)',
      links: ['/open'],
      text: 'a b',
      gone: ['/partners/embed'],
    },
    {why: 'from a public page to a signed-in one', file: 'docs/open.md', body: '[a](/intro)', links: [], text: 'a', gone: ['/intro']},
    {
      why: 'in a partial, which any page may show',
      file: 'docs/_shared.md',
      body: '[a](/intro) [b](/open)',
      links: ['/open'],
      text: 'a b',
      gone: ['/intro'],
    },
    {
      why: 'in JSX: the element loses its address and title only',
      file: 'docs/staff/checklist.mdx',
      body: '<a href="/partners/embed" title="Embedding" className="x">embed</a> <a href="/staff/checklist">here</a>',
      links: ['<a className="x">', '<a href="/staff/checklist">'],
      text: 'embed here',
      gone: ['/partners/embed', 'Embedding'],
    },
  ])('$why', async ({file, body, links, text, gone}) => {
    const built = await tree(WITH_AUDIENCES, file, body);
    expect(linksIn(built)).toEqual(links);
    expect(toString(built)).toBe(text);
    for (const part of gone) expect(JSON.stringify(built)).not.toContain(part);
  });

  it('leaves a site without audiences as it was', async () => {
    const body = '[a](/partners/embed "Embedding") [b][ref] <a href="/staff/checklist">c</a>\n\n[ref]: /both';
    expect(await tree(WITHOUT_AUDIENCES, 'docs/intro.md', body)).toEqual(await tree(WITHOUT_AUDIENCES, 'docs/intro.md', body, false));
  });
});
