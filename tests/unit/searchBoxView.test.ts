import {describe, expect, it} from 'vitest';
import {boxView, moveActive, NO_ACTIVE, type Active, type BoxView, type BoxViewInput, type ListKey} from '../../src/search/boxView';

const box = (state: Partial<BoxViewInput>): BoxViewInput => ({phone: false, focused: true, closed: false, query: '', recent: 0, ...state});

describe('boxView: what the search box shows, on a desktop and in a phone’s sheet', () => {
  it.each<[string, Partial<BoxViewInput>, BoxView]>([
    ['desktop, not in the box', {focused: false, query: 'hooks', recent: 3}, {sheet: false, popup: 'closed'}],
    ['desktop, a query', {query: 'hooks'}, {sheet: false, popup: 'answer'}],
    ['desktop, a query of spaces is none', {query: '  '}, {sheet: false, popup: 'closed'}],
    ['desktop, empty, with recent searches', {recent: 2}, {sheet: false, popup: 'recent'}],
    ['desktop, empty, none recent: a field like any other', {}, {sheet: false, popup: 'closed'}],
    ['desktop, closed by Escape, the focus kept', {closed: true, query: 'hooks'}, {sheet: false, popup: 'closed'}],
    ['phone, not in the box: the navbar as it is', {phone: true, focused: false, query: 'hooks'}, {sheet: false, popup: 'closed'}],
    ['phone, a query: the sheet, with its answer', {phone: true, query: 'hooks'}, {sheet: true, popup: 'answer'}],
    ['phone, empty, with recent searches', {phone: true, recent: 1}, {sheet: true, popup: 'recent'}],
    ['phone, empty, none recent: the sheet says so', {phone: true}, {sheet: true, popup: 'no-recent'}],
    [
      'phone, closed by Escape or Cancel, the focus back on the navbar’s box',
      {phone: true, closed: true, query: 'hooks'},
      {sheet: false, popup: 'closed'},
    ],
  ])('%s', (_case, state, expected) => {
    expect(boxView(box(state))).toEqual(expected);
  });
});

describe('moveActive: the arrow keys in the suggestions (one column) and the recent searches (a link and its button)', () => {
  const at = (row: number, column = 0): Active => ({row, column});
  it.each<[string, Active, ListKey, {rows: number; columns: number}, Active | null]>([
    ['down from none: the first', NO_ACTIVE, 'ArrowDown', {rows: 3, columns: 1}, at(0)],
    ['down: the next', at(0), 'ArrowDown', {rows: 3, columns: 1}, at(1)],
    ['down from the last: round to the first', at(2), 'ArrowDown', {rows: 3, columns: 1}, at(0)],
    ['up from none: the last', NO_ACTIVE, 'ArrowUp', {rows: 3, columns: 1}, at(2)],
    ['up from the first: round to the last', at(0), 'ArrowUp', {rows: 3, columns: 1}, at(2)],
    ['up: the one before', at(2), 'ArrowUp', {rows: 3, columns: 1}, at(1)],
    ['down in an empty list: nothing moves', NO_ACTIVE, 'ArrowDown', {rows: 0, columns: 1}, NO_ACTIVE],
    ['down keeps the column: the next row’s button', at(0, 1), 'ArrowDown', {rows: 3, columns: 2}, at(1, 1)],
    ['up keeps the column', at(1, 1), 'ArrowUp', {rows: 3, columns: 2}, at(0, 1)],
    ['right: from the link to its button', at(1, 0), 'ArrowRight', {rows: 3, columns: 2}, at(1, 1)],
    ['right on the button: stays', at(1, 1), 'ArrowRight', {rows: 3, columns: 2}, at(1, 1)],
    ['left: back to the link', at(1, 1), 'ArrowLeft', {rows: 3, columns: 2}, at(1, 0)],
    ['left on the link: stays', at(1, 0), 'ArrowLeft', {rows: 3, columns: 2}, at(1, 0)],
    ['left or right with no row active: the text’s', NO_ACTIVE, 'ArrowRight', {rows: 3, columns: 2}, null],
    ['left or right in the suggestions: the text’s', at(1), 'ArrowLeft', {rows: 3, columns: 1}, null],
  ])('%s', (_case, active, key, size, expected) => {
    expect(moveActive(active, key, size)).toEqual(expected);
  });
});
