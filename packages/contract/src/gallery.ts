import type { Bilingual, Currency } from './locale.js';
import type { ObjectState } from './objects.js';

/**
 * The drawing library (SPEC §1 cloud drawing library: my gallery, shop gallery, recommended; SPEC §2
 * `/store` with children `gallery` and `record`). All under /cloud-api.
 *
 * - `GET /store/gallery/mine?keyword&state&page&limit` → my objects as cards, newest change first.
 * - `GET /store/gallery/shop?keyword&format&material&machine&tag&free&priceMin&priceMax&currency&sort&page&limit`
 *   → listed objects of everyone. `keyword` matches any part of the name, description, tags, material
 *   or machine (Chinese substrings too); `sort` is new, popular, priceAsc or priceDesc.
 * - `GET /store/gallery/recommended?limit` → administrators' picks in their order, then the most popular.
 * - `PUT /store/gallery/recommended` `{ids}` (administrators) → the picks, in order.
 * - `POST|DELETE /store/gallery/{id}/like`, `POST|DELETE /store/gallery/{id}/favourite`.
 * - `GET /store/gallery/favourites?page&limit` → what I marked.
 * - `GET /store/gallery/facets` → the formats, materials, machines and tags the shop has now.
 */
export const GALLERY_PATHS = {
  mine: '/store/gallery/mine',
  shop: '/store/gallery/shop',
  recommended: '/store/gallery/recommended',
  like: '/store/gallery/:id/like',
  favourite: '/store/gallery/:id/favourite',
  favourites: '/store/gallery/favourites',
  facets: '/store/gallery/facets',
} as const;

export const GALLERY_SORTS = ['new', 'popular', 'priceAsc', 'priceDesc'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export const GALLERY_LIMITS = {
  pageDefault: 20,
  pageMax: 60,
  keywordMax: 100,
  recommendedMax: 48,
  /** How many objects administrators may pin. */
  picksMax: 24,
} as const;

export const GALLERY_PERMISSIONS = {
  view: 'gallery:item:list',
  react: 'gallery:item:like',
  /** Not in any user's grants (users hold gallery:*:*): curation lives under its own module. */
  curate: 'market:recommend:edit',
} as const;

/** An object as a gallery card shows it. */
export interface GalleryCard {
  id: string;
  fileName: string;
  coverId: string | null;
  /** The formats of its drawings, without repeats (svg, dxf, …). */
  formats: string[];
  price: number;
  currency: Currency;
  state: ObjectState;
  listed: boolean;
  ownerName: string;
  material: string;
  machine: string;
  tags: string[];
  /** Likes and downloads count other people only: an owner's own do not raise their object. */
  likes: number;
  favourites: number;
  downloads: number;
  liked: boolean;
  favourited: boolean;
  /** An administrator's pick. */
  picked: boolean;
  updatedAt: string;
}

export interface GalleryFacets {
  formats: string[];
  materials: string[];
  machines: string[];
  tags: string[];
}

export const galleryMessages = {
  liked: { 'zh-CN': '已点赞', en: 'Liked' },
  favourited: { 'zh-CN': '已收藏', en: 'Added to favourites' },
  picksSaved: { 'zh-CN': '推荐已更新', en: 'Recommendations updated' },
  tooManyPicks: { 'zh-CN': '推荐数量超出', en: 'Too many recommendations' },
  notListed: { 'zh-CN': '只能推荐已上架的物件', en: 'Only listed objects can be recommended' },
} as const satisfies Record<string, Bilingual>;
