import {describe, expect, it} from 'vitest';
import {keptSearchBoxStore} from '../../src/search/SearchBoxProvider';
import {boxReducer, INITIAL_BOX} from '../../src/search/boxReducer';

describe('keptSearchBoxStore: the box state kept above the pages', () => {
  it('starts empty, tells its subscribers of each change that is one, and stops when they leave', () => {
    const store = keptSearchBoxStore();
    expect(store.get()).toBeUndefined();
    let told = 0;
    const leave = store.subscribe(() => (told += 1));
    store.update((kept) => boxReducer(kept ?? INITIAL_BOX, {type: 'typed', query: 'deploy'}));
    expect(store.get()?.query).toBe('deploy');
    expect(told).toBe(1);
    const same = store.get();
    store.update(() => same!);
    expect(told).toBe(1);
    leave();
    store.update((kept) => boxReducer(kept ?? INITIAL_BOX, {type: 'typed', query: 'deployment'}));
    expect(store.get()?.query).toBe('deployment');
    expect(told).toBe(1);
  });
});
