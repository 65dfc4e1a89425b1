import { describe, expect, it } from 'vitest';
import { activeGalleryFilters, galleryViewOf, queryOfGalleryView, withGalleryChange } from './gallery-view';

describe('the gallery’s view in its address', () => {
  it('reads defaults from an empty address and writes nothing back for them', () => {
    const view = galleryViewOf(new URLSearchParams());
    expect(view).toMatchObject({ tab: 'shop', sort: 'new', page: 1, free: false, keyword: '' });
    expect(queryOfGalleryView(view).toString()).toBe('');
  });

  it('keeps what differs, and ignores values it does not know', () => {
    const view = galleryViewOf(new URLSearchParams('tab=mine&sort=cheapest&page=-2&keyword=狐狸&free=1'));
    expect(view).toMatchObject({ tab: 'mine', sort: 'new', page: 1, keyword: '狐狸', free: true });
    expect(galleryViewOf(queryOfGalleryView(view))).toEqual(view);
  });

  it('starts again at page 1 when the search changes, not when an object opens', () => {
    const view = galleryViewOf(new URLSearchParams('page=4'));
    expect(withGalleryChange(view, { keyword: 'lamp' }).page).toBe(1);
    expect(withGalleryChange(view, { object: 'x' }).page).toBe(4);
    expect(withGalleryChange(view, { page: 5 }).page).toBe(5);
  });

  it('counts the filters in use', () => {
    expect(activeGalleryFilters(galleryViewOf(new URLSearchParams('keyword=a&format=dxf&free=1')))).toBe(3);
    expect(activeGalleryFilters(galleryViewOf(new URLSearchParams('tab=mine&format=dxf')))).toBe(0);
  });
});
