/** A site of two versions for the unit tables of what the search box and page search (searchScope.ts, searchPageAddress.ts). */
import type {ScopeVersion} from '../../src/search/searchScope';
import type {SearchSection} from '../../contracts/searchSections';

export const CURRENT: ScopeVersion = {name: 'current', label: '2.0', path: '/', isLast: true};
export const V1: ScopeVersion = {name: '1.0', label: '1.0', path: '/1.0', isLast: false};
export const VERSIONS = [CURRENT, V1];
// Sections of the same name in both versions, one only in 1.0, and one whose name starts like another's.
export const SECTIONS: SearchSection[] = [
  {path: 'guides', label: 'Guides (2.0)'},
  {path: 'guides-2', label: 'Guides 2 (2.0)'},
  {path: '1.0/guides', label: 'Guides (1.0)'},
  {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'},
];
