import { createStore, type KeyValueStorage, safeStorage, useStore } from './create-store';

/** A page the user visited in the admin layout, shown as a tag. One tag per pathname. */
export interface VisitedView {
  /** Pathname inside the app (no /web prefix); identifies the tag. */
  path: string;
  /** Pathname plus query, so going back to a tag restores e.g. the drive folder. */
  fullPath: string;
  /** i18n key of the page title, translated when rendered so tags follow the language. */
  titleKey: string;
  /** Affixed tags cannot be closed (the workbench, like RuoYi's home tag). */
  affix?: boolean;
}

export interface TagsViewState {
  views: VisitedView[];
  /** Bumped by "refresh" so the layout remounts the current page. */
  refreshVersion: number;
}

const STORAGE_KEY = 'tags-view';

function readViews(raw: string | null): VisitedView[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (v): v is VisitedView =>
        !!v && typeof v.path === 'string' && typeof v.fullPath === 'string' && typeof v.titleKey === 'string',
    );
  } catch {
    return [];
  }
}

export function createTagsViewStore(storage: KeyValueStorage) {
  const store = createStore<TagsViewState>({ views: readViews(storage.getItem(STORAGE_KEY)), refreshVersion: 0 });
  const setViews = (update: (views: VisitedView[]) => VisitedView[]) => {
    const { views } = store.getState();
    const next = update(views);
    if (next === views) return;
    storage.setItem(STORAGE_KEY, JSON.stringify(next));
    store.setState((s) => ({ ...s, views: next }));
  };
  const keep = (views: VisitedView[], wanted: (v: VisitedView, i: number) => boolean) => {
    const next = views.filter((v, i) => v.affix || wanted(v, i));
    return next.length === views.length ? views : next;
  };

  return {
    ...store,
    /** Adds a tag, or updates its query and title when the page is already open; affixed tags stay first. */
    visit(view: VisitedView) {
      setViews((views) => {
        const i = views.findIndex((v) => v.path === view.path);
        if (i === -1) {
          return view.affix ? [view, ...views] : [...views, view];
        }
        const current = views[i]!;
        if (current.fullPath === view.fullPath && current.titleKey === view.titleKey) return views;
        const next = views.slice();
        next[i] = { ...current, fullPath: view.fullPath, titleKey: view.titleKey };
        return next;
      });
    },
    /** Adds a pinned tag if it is missing, without touching one already open. */
    pin(view: VisitedView) {
      setViews((views) => (views.some((v) => v.path === view.path) ? views : [{ ...view, affix: true }, ...views]));
    },
    close(path: string) {
      setViews((views) => keep(views, (v) => v.path !== path));
    },
    closeOthers(path: string) {
      setViews((views) => keep(views, (v) => v.path === path));
    },
    closeLeft(path: string) {
      setViews((views) => {
        const at = views.findIndex((v) => v.path === path);
        return keep(views, (_, i) => i >= at);
      });
    },
    closeRight(path: string) {
      setViews((views) => {
        const at = views.findIndex((v) => v.path === path);
        return keep(views, (_, i) => i <= at);
      });
    },
    closeAll() {
      setViews((views) => keep(views, () => false));
    },
    refresh() {
      store.setState((s) => ({ ...s, refreshVersion: s.refreshVersion + 1 }));
    },
  };
}

export type TagsViewStore = ReturnType<typeof createTagsViewStore>;

/** Kept per browser tab (sessionStorage): a reload keeps the tags, a new tab starts clean. */
export const tagsViewStore: TagsViewStore = createTagsViewStore(
  safeStorage(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
);

export function useTagsView<T>(selector: (state: TagsViewState) => T): T {
  return useStore(tagsViewStore, selector);
}
