import {describe, expect, it} from 'vitest';
import {navbarChromeAt, type NavbarChrome} from '../../src/chrome/loginChrome';

const NO_WAY_IN: NavbarChrome = {items: false, menuButton: false, searchBox: false, homeLink: false};
const EVERYTHING: NavbarChrome = {items: true, menuButton: true, searchBox: true, homeLink: true};

describe('navbarChromeAt', () => {
  it.each<[string, string, NavbarChrome]>([
    ['the login page', '/login', NO_WAY_IN],
    // Spellings the browser's router shows as the same page.
    ['the login page with a trailing slash', '/login/', NO_WAY_IN],
    ['the login page under its file name', '/login.html', NO_WAY_IN],
    ['the login page as a folder index', '/login/index.html', NO_WAY_IN],
    ['the home page', '/', EVERYTHING],
    ['a doc', '/chapter-1-introduction', EVERYTHING],
    ['a doc of another version', '/1.0/intro', EVERYTHING],
    ['a doc whose name starts as the login page', '/loginx', EVERYTHING],
    ['a doc named login in a version', '/1.0/login', EVERYTHING],
    ['the search page', '/search', EVERYTHING],
    ['the not-found page', '/404.html', EVERYTHING],
  ])('%s (%s)', (_page, pathname, expected) => {
    expect(navbarChromeAt(pathname)).toEqual(expected);
  });
});
