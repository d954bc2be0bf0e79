/**
 * The audience model: who may read each page, index page, tags page and version of a site, computed
 * once from what its authors wrote (plugins/audiences/plan.ts decides each doc) and the docs as the docs
 * plugin loaded them (their sidebars decide a category's page). The build carries it in the docs
 * plugin's content (docs.ts, siteConditions.ts) and every later step reads it there; check:docs computes
 * it the same way from the same input (plugins/checkDocs/docsModel.ts).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {DocMetadata, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {conditionKey, PUBLIC, READERS, type Condition} from '../../contracts/audiences';
import {canonicalPath} from '../../contracts/paths';
import {siteVersions} from '../../contracts/siteVersions';
import {declaresReaders, pageDeclarations, readFolderAudiences, readSiteAudiences} from './declarations';
import {planAudiences, type AudienceProblem, type PageInput} from './plan';
import {unionOfAll, type SiteConditions} from './siteConditions';
import {generatedIndexConditions, type SidebarItem} from './sidebarRules';

export interface AudienceModel {
  conditions: SiteConditions;
  problems: AudienceProblem[];
  /** Whether the site says anything of audiences: a site that does not is built as Docusaurus builds it. */
  declares: boolean;
}

const sourceFile = (doc: DocMetadata) => doc.source.replace(/^@site\//, '');

/**
 * Who may read each page of a site whose docs the docs plugin has loaded, and every mistake in what its
 * authors wrote: the build (docs.ts) stops on one, check:docs lists them all.
 */
export function audienceModel(siteDir: string, versions: readonly LoadedVersion[]): AudienceModel {
  const site = readSiteAudiences(siteDir);
  const folders = readFolderAudiences(siteDir, siteVersions(siteDir));
  const pages: PageInput[] = versions.flatMap((version) =>
    version.docs.map((doc) => {
      const file = sourceFile(doc);
      const frontMatter = doc.frontMatter as Record<string, unknown>;
      // Only a doc that says something needs reading again, for its lines.
      const text = declaresReaders(frontMatter) ? readFileSync(path.join(siteDir, file), 'utf8') : '';
      return {
        file,
        version: version.versionName,
        folder: doc.sourceDirName === '.' ? '' : doc.sourceDirName,
        ...pageDeclarations(file, text, frontMatter),
      };
    }),
  );
  const declares = site.defined.size > 0 || site.versions.size > 0 || folders.size > 0 || pages.some((page) => page.audience);

  const plan = planAudiences({
    defined: new Set(site.defined.keys()),
    versions: site.versions,
    folders,
    pages,
    siteVersions: versions.map((version) => version.versionName),
  });
  const problems = [...site.problems, ...plan.problems];

  const conditions: SiteConditions = {
    audiences: [...site.defined.keys()],
    descriptions: Object.fromEntries(site.defined),
    base: READERS,
    pages: {},
    files: {},
    docs: {},
    versions: {},
  };
  for (const version of versions) {
    const byId = new Map(version.docs.map((doc) => [doc.id, plan.pages.get(sourceFile(doc))!]));
    const docCondition = (id: string) => byId.get(id);
    for (const doc of version.docs) {
      const condition = byId.get(doc.id)!;
      conditions.docs[`${version.versionName}:${doc.id}`] = conditionKey(condition);
      conditions.pages[canonicalPath(doc.permalink)] = conditionKey(condition);
      conditions.files[sourceFile(doc)] = doc.permalink;
    }
    for (const sidebar of Object.values(version.sidebars) as SidebarItem[][]) {
      for (const [permalink, condition] of generatedIndexConditions(sidebar, docCondition))
        conditions.pages[canonicalPath(permalink)] = conditionKey(condition);
    }
    // A tag's page lists its docs, and the version's list of tags all of them.
    for (const [permalink, condition] of tagPageConditions(version, (doc) => byId.get(doc.id)!))
      conditions.pages[canonicalPath(permalink)] = conditionKey(condition);
    const visible = unionOfAll(byId.values());
    conditions.versions[version.versionName] = conditionKey(visible ?? plan.versions.get(version.versionName) ?? READERS);
  }
  conditions.base = Object.values(conditions.pages).includes(PUBLIC) ? PUBLIC : READERS;
  return {conditions, problems, declares: declares || problems.length > 0};
}

/** Each tags page of a version (the list of tags, a tag's docs) and who may read it: the readers of the docs it lists. */
function tagPageConditions(version: LoadedVersion, conditionOf: (doc: DocMetadata) => Condition): Map<string, Condition> {
  const pages = new Map<string, Condition>();
  const add = (permalink: string, condition: Condition) => pages.set(permalink, unionOfAll([pages.get(permalink), condition])!);
  for (const doc of version.docs) {
    for (const tag of doc.tags) {
      add(tag.permalink, conditionOf(doc));
      add(version.tagsPath, conditionOf(doc));
    }
  }
  return pages;
}
