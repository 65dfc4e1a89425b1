import { describe, expect, it } from 'vitest';
import { memoryStorage } from './create-store';
import { createTagsViewStore, type VisitedView } from './tags-view-store';

const view = (path: string): VisitedView => ({ path, fullPath: path, titleKey: `route${path}` });
const paths = (store: ReturnType<typeof createTagsViewStore>) => store.getState().views.map((v) => v.path);

function storeWith(...extra: string[]) {
  const store = createTagsViewStore(memoryStorage());
  store.pin({ ...view('/workbench'), affix: true });
  for (const path of extra) store.visit(view(path));
  return store;
}

describe('tags view store', () => {
  it('adds one tag per path and updates its query when revisited', () => {
    const store = storeWith('/a', '/b');
    store.visit({ ...view('/a'), fullPath: '/a?folderId=3' });
    expect(paths(store)).toEqual(['/workbench', '/a', '/b']);
    expect(store.getState().views[1]?.fullPath).toBe('/a?folderId=3');
  });

  it('pins a tag only once and never closes it', () => {
    const store = storeWith('/a');
    store.pin({ ...view('/workbench'), fullPath: '/workbench?fileType=0', affix: true });
    expect(paths(store)).toEqual(['/workbench', '/a']);
    store.close('/workbench');
    store.closeAll();
    expect(paths(store)).toEqual(['/workbench']);
  });

  it('closes others, to the left and to the right of a tag', () => {
    const store = storeWith('/a', '/b', '/c', '/d');
    store.closeRight('/c');
    expect(paths(store)).toEqual(['/workbench', '/a', '/b', '/c']);
    store.closeLeft('/b');
    expect(paths(store)).toEqual(['/workbench', '/b', '/c']);
    store.closeOthers('/c');
    expect(paths(store)).toEqual(['/workbench', '/c']);
  });

  it('keeps the tags for a reload of the same tab', () => {
    const storage = memoryStorage();
    const store = createTagsViewStore(storage);
    store.visit(view('/help'));
    expect(
      createTagsViewStore(storage)
        .getState()
        .views.map((v) => v.path),
    ).toEqual(['/help']);
  });
});
