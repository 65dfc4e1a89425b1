import { GALLERY_LIMITS, GALLERY_SORTS, type GallerySort } from '@kerf/contract';

/** Which gallery: everyone's listed objects, or mine. */
export const GALLERY_TABS = ['shop', 'mine'] as const;
export type GalleryTab = (typeof GALLERY_TABS)[number];

/** What the gallery page shows, as kept in its address (`/store/gallery?tab&keyword&format&…&object`). */
export interface GalleryView {
  tab: GalleryTab;
  keyword: string;
  format: string;
  material: string;
  tag: string;
  free: boolean;
  sort: GallerySort;
  page: number;
  /** The object open over the gallery, if any. */
  object: string;
}

const DEFAULT_VIEW: GalleryView = {
  tab: 'shop',
  keyword: '',
  format: '',
  material: '',
  tag: '',
  free: false,
  sort: 'new',
  page: 1,
  object: '',
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

export function galleryViewOf(query: URLSearchParams): GalleryView {
  const page = Number(query.get('page'));
  return {
    tab: oneOf(GALLERY_TABS, query.get('tab'), DEFAULT_VIEW.tab),
    keyword: (query.get('keyword') ?? '').slice(0, GALLERY_LIMITS.keywordMax),
    format: query.get('format') ?? '',
    material: query.get('material') ?? '',
    tag: query.get('tag') ?? '',
    free: query.get('free') === '1',
    sort: oneOf(GALLERY_SORTS, query.get('sort'), DEFAULT_VIEW.sort),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    object: query.get('object') ?? '',
  };
}

/** The address of a view: only what differs from the defaults. */
export function queryOfGalleryView(view: GalleryView): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_VIEW) as Array<keyof GalleryView>) {
    const value = view[key];
    if (value === DEFAULT_VIEW[key]) continue;
    query.set(key, typeof value === 'boolean' ? '1' : String(value));
  }
  return query;
}

/** A change of what is looked for starts again at page 1; opening an object keeps the page. */
export function withGalleryChange(view: GalleryView, patch: Partial<GalleryView>): GalleryView {
  const refines = Object.keys(patch).some((key) => key !== 'page' && key !== 'object');
  return { ...view, ...patch, page: refines && patch.page === undefined ? 1 : (patch.page ?? view.page) };
}

/** Filters in use (the mine tab searches only by words). */
export function activeGalleryFilters(view: GalleryView): number {
  if (view.tab === 'mine') return view.keyword ? 1 : 0;
  return [view.keyword, view.format, view.material, view.tag, view.free ? '1' : ''].filter(Boolean).length;
}
