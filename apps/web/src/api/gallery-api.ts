import {
  GALLERY_PATHS,
  type GalleryCard,
  type GalleryFacets,
  type GallerySort,
  type ObjectState,
  type Page,
} from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The drawing library's calls (@kerf/contract gallery.ts), all under /cloud-api. */

export type { GalleryCard, GalleryFacets, GallerySort };

const url = (path: string) => `${CLOUD_API}${path}`;
const itemUrl = (path: string, id: string) => url(path.replace(':id', encodeURIComponent(id)));

export interface ShopQuery {
  keyword?: string;
  format?: string;
  material?: string;
  machine?: string;
  tag?: string;
  free?: boolean;
  sort: GallerySort;
  page: number;
  limit: number;
}

export async function shopGallery(query: ShopQuery): Promise<Page<GalleryCard>> {
  const { free, ...rest } = query;
  const params = Object.fromEntries(
    Object.entries({ ...rest, ...(free ? { free: '1' } : {}) }).filter(([, v]) => v !== undefined && v !== ''),
  );
  return pageOf(
    (await request.get<Page<GalleryCard>>(url(GALLERY_PATHS.shop), { params })).data,
    query.page,
    query.limit,
  );
}

export async function myGallery(query: {
  keyword?: string;
  state?: ObjectState;
  page: number;
  limit: number;
}): Promise<Page<GalleryCard>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return pageOf(
    (await request.get<Page<GalleryCard>>(url(GALLERY_PATHS.mine), { params })).data,
    query.page,
    query.limit,
  );
}

export async function recommended(limit = 24): Promise<GalleryCard[]> {
  return (await request.get<GalleryCard[]>(url(GALLERY_PATHS.recommended), { params: { limit } })).data ?? [];
}

export async function setRecommended(ids: string[]): Promise<string> {
  return (await request.put(url(GALLERY_PATHS.recommended), { ids })).msg;
}

export async function favourites(page: number, limit: number): Promise<Page<GalleryCard>> {
  return pageOf(
    (await request.get<Page<GalleryCard>>(url(GALLERY_PATHS.favourites), { params: { page, limit } })).data,
    page,
    limit,
  );
}

export async function galleryFacets(): Promise<GalleryFacets> {
  return (await request.get<GalleryFacets>(url(GALLERY_PATHS.facets))).data;
}

/** Likes (or favourites) an object, or takes it back; answers the new count. */
export async function react(kind: 'like' | 'favourite', id: string, on: boolean): Promise<number> {
  const path = itemUrl(kind === 'like' ? GALLERY_PATHS.like : GALLERY_PATHS.favourite, id);
  return (on ? await request.post<number>(path) : await request.delete<number>(path)).data;
}
