import {describe, expect, it} from 'vitest';
import {isSearchShortcut, type ShortcutKey} from '../../src/search/shortcut';

const press = (key: string, modifiers: Partial<Omit<ShortcutKey, 'key'>> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('isSearchShortcut: the keys that take the reader to the search box', () => {
  it.each<[string, ShortcutKey, {mac: boolean; typing: boolean}, boolean]>([
    ['Ctrl+K elsewhere than a Mac', press('k', {ctrlKey: true}), {mac: false, typing: false}, true],
    ['Ctrl+K while typing in a field: still the box (as DocSearch)', press('k', {ctrlKey: true}), {mac: false, typing: true}, true],
    ['Ctrl+K with Caps Lock', press('K', {ctrlKey: true}), {mac: false, typing: false}, true],
    ['⌘K on a Mac', press('k', {metaKey: true}), {mac: true, typing: false}, true],
    ['Ctrl+K on a Mac is not ⌘K', press('k', {ctrlKey: true}), {mac: true, typing: false}, false],
    ['Ctrl+Shift+K is another shortcut', press('K', {ctrlKey: true, shiftKey: true}), {mac: false, typing: false}, false],
    ['Ctrl+Alt+K is another shortcut', press('k', {ctrlKey: true, altKey: true}), {mac: false, typing: false}, false],
    ['k alone is a letter', press('k'), {mac: false, typing: false}, false],
    ['/ on the page', press('/'), {mac: false, typing: false}, true],
    ['/ typed into a field is a character', press('/'), {mac: false, typing: true}, false],
    ['Ctrl+/ is another shortcut', press('/', {ctrlKey: true}), {mac: false, typing: false}, false],
  ])('%s: %s', (_case, event, where, expected) => {
    expect(isSearchShortcut(event, where)).toBe(expected);
  });
});
