import {
  type Currency,
  GALLERY_LIMITS,
  type GalleryCard,
  type GalleryFacets,
  type GallerySort,
  galleryMessages,
  objectMessages,
  type Page,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { ObjectRepository } from '../objects/object.repository.js';
import type { CardRow, GalleryRepository, ShopFilter } from './gallery.repository.js';

function presentCard(row: CardRow): GalleryCard {
  return {
    id: row.id,
    fileName: row.title,
    coverId: row.coverId,
    formats: row.formats,
    price: row.price,
    currency: row.currency as Currency,
    state: row.paperCount > 0 && row.previewCount > 0 ? 'ready' : 'draft',
    listed: row.listed,
    ownerName: row.ownerName,
    material: row.material,
    machine: row.machine,
    tags: row.tags,
    likes: row.likes,
    favourites: row.favourites,
    downloads: row.downloads,
    liked: Boolean(row.liked),
    favourited: Boolean(row.favourited),
    picked: Boolean(row.picked),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * My gallery, the shop gallery and the recommended page (SPEC §1 cloud drawing library), with likes,
 * favourites and administrators' picks. Popularity counts other people only, so nobody raises their
 * own object by liking or downloading it, and each person counts once.
 */
export class GalleryService {
  constructor(
    private readonly gallery: GalleryRepository,
    private readonly objects: ObjectRepository,
  ) {}

  async mine(userId: string, filter: { keyword?: string; state?: 'draft' | 'ready' }, page: PageRequest) {
    const { rows, total } = await this.gallery.mine(userId, filter, pageSlice(page));
    return { list: rows.map(presentCard), total, ...page } satisfies Page<GalleryCard>;
  }

  async shop(userId: string, filter: ShopFilter, sort: GallerySort, page: PageRequest) {
    const { rows, total } = await this.gallery.shop(userId, filter, sort, pageSlice(page));
    return { list: rows.map(presentCard), total, ...page } satisfies Page<GalleryCard>;
  }

  async recommended(userId: string, limit: number): Promise<GalleryCard[]> {
    return (await this.gallery.recommended(userId, Math.min(limit, GALLERY_LIMITS.recommendedMax))).map(presentCard);
  }

  /** Administrators: the picks, in order; each must be in the shop. */
  async setPicks(adminId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length > GALLERY_LIMITS.picksMax) throw AppError.badRequest(galleryMessages.tooManyPicks);
    const shown = new Set(await this.gallery.inShopAmong(unique));
    if (unique.some((id) => !shown.has(id))) throw AppError.badRequest(galleryMessages.notListed);
    await this.gallery.setPicks(adminId, unique);
  }

  /** Likes or favourites an object the caller may see (theirs, or one in the shop); answers the count. */
  async react(kind: 'like' | 'favourite', userId: string, objectId: string, on: boolean): Promise<number> {
    const visible = (await this.objects.findMine(userId, objectId)) ?? (await this.objects.findListed(objectId));
    if (!visible) throw AppError.notFound(objectMessages.notFound);
    return (await this.gallery.react(kind, userId, objectId, on)) ?? 0;
  }

  async favourites(userId: string, page: PageRequest) {
    const { rows, total } = await this.gallery.favourites(userId, pageSlice(page));
    return { list: rows.map(presentCard), total, ...page } satisfies Page<GalleryCard>;
  }

  facets(): Promise<GalleryFacets> {
    return this.gallery.facets();
  }
}
