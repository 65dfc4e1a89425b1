import { AppstoreAddOutlined } from '@ant-design/icons';
import { GALLERY_LIMITS, GALLERY_SORTS, type ObjectInfo } from '@kerf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Segmented, Select, Space, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { galleryFacets, myGallery, shopGallery } from '../../../api/gallery-api';
import { messageOf } from '../../../api/request';
import { useAddressView } from '../../../app/routing/use-address-view';
import { ObjectCard } from '../components/ObjectCard';
import { ObjectDialog, type ObjectDialogTarget } from '../dialogs/ObjectDialog';
import {
  GALLERY_TABS,
  type GalleryView,
  galleryViewOf,
  queryOfGalleryView,
  withGalleryChange,
} from '../model/gallery-view';
import { ObjectDetail } from './ObjectDetail';
import '../store.css';

/**
 * /store/gallery (SPEC §1 cloud drawing library): the shop gallery (everyone's listed objects, searched
 * by any part of their words, filtered and sorted) and my gallery (all of mine, drafts too). A card opens
 * the object over the gallery; its address carries the object, so it can be linked.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { view, go, latest } = useAddressView(galleryViewOf, queryOfGalleryView);
  const change = (patch: Partial<GalleryView>) => go(withGalleryChange(latest(), patch));
  const [editing, setEditing] = useState<ObjectDialogTarget | null>(null);
  const [typed, setTyped] = useState(view.keyword);
  const limit = GALLERY_LIMITS.pageDefault;

  const cards = useQuery({
    queryKey: [
      'gallery',
      view.tab,
      view.keyword,
      view.format,
      view.material,
      view.tag,
      view.free,
      view.sort,
      view.page,
    ],
    queryFn: () =>
      view.tab === 'mine'
        ? myGallery({ keyword: view.keyword, page: view.page, limit })
        : shopGallery({
            keyword: view.keyword,
            format: view.format,
            material: view.material,
            tag: view.tag,
            free: view.free,
            sort: view.sort,
            page: view.page,
            limit,
          }),
    placeholderData: keepPreviousData,
  });
  const facets = useQuery({ queryKey: ['gallery', 'facets'], queryFn: galleryFacets, enabled: view.tab === 'shop' });
  const list = cards.data?.list ?? [];
  const opened = list.find((card) => card.id === view.object);

  const options = (values: string[] | undefined, upper = false) =>
    (values ?? []).map((value) => ({ value, label: upper ? value.toUpperCase() : value }));

  return (
    <div className="gallery-page">
      <header className="gallery-page__head">
        <Segmented
          value={view.tab}
          onChange={(tab) => change({ tab: tab as GalleryView['tab'], object: '' })}
          options={GALLERY_TABS.map((tab) => ({ value: tab, label: t(`store.gallery.tabs.${tab}`) }))}
        />
        <Input.Search
          className="gallery-page__search"
          allowClear
          value={typed}
          maxLength={GALLERY_LIMITS.keywordMax}
          placeholder={t('store.gallery.searchHint')}
          aria-label={t('store.gallery.search')}
          onChange={(event) => {
            setTyped(event.target.value);
            if (!event.target.value) change({ keyword: '' });
          }}
          onSearch={(value) => change({ keyword: value.trim() })}
        />
        {view.tab === 'mine' ? (
          <Button
            type="primary"
            icon={<AppstoreAddOutlined />}
            onClick={() => setEditing({ folderId: '0', folderPath: '/' })}
          >
            {t('store.object.newMenu')}
          </Button>
        ) : null}
      </header>
      {view.tab === 'shop' ? (
        <Space className="gallery-page__filters" wrap>
          <Select
            allowClear
            placeholder={t('store.gallery.format')}
            aria-label={t('store.gallery.format')}
            value={view.format || undefined}
            options={options(facets.data?.formats, true)}
            onChange={(format) => change({ format: format ?? '' })}
            popupMatchSelectWidth={false}
          />
          <Select
            allowClear
            showSearch
            placeholder={t('store.object.material')}
            aria-label={t('store.object.material')}
            value={view.material || undefined}
            options={options(facets.data?.materials)}
            onChange={(material) => change({ material: material ?? '' })}
            popupMatchSelectWidth={false}
          />
          <Select
            allowClear
            showSearch
            placeholder={t('store.object.tags')}
            aria-label={t('store.object.tags')}
            value={view.tag || undefined}
            options={options(facets.data?.tags)}
            onChange={(tag) => change({ tag: tag ?? '' })}
            popupMatchSelectWidth={false}
          />
          <span className="gallery-page__free">
            <Switch
              size="small"
              checked={view.free}
              onChange={(free) => change({ free })}
              aria-label={t('store.gallery.freeOnly')}
            />
            {t('store.gallery.freeOnly')}
          </span>
          <Select
            aria-label={t('store.gallery.sort')}
            value={view.sort}
            options={GALLERY_SORTS.map((sort) => ({ value: sort, label: t(`store.gallery.sorts.${sort}`) }))}
            onChange={(sort) => change({ sort })}
            popupMatchSelectWidth={false}
          />
        </Space>
      ) : null}
      <Spin spinning={cards.isFetching && !!cards.data}>
        {cards.isError ? (
          <Empty description={messageOf(cards.error)} />
        ) : cards.isLoading ? (
          <Spin className="gallery-page__loading" />
        ) : list.length === 0 ? (
          <Empty description={t(view.tab === 'mine' ? 'store.gallery.noneMine' : 'store.gallery.none')} />
        ) : (
          <div className="gallery-grid">
            {list.map((card) => (
              <ObjectCard
                key={card.id}
                card={card}
                mine={view.tab === 'mine'}
                onOpen={() => change({ object: card.id })}
              />
            ))}
          </div>
        )}
      </Spin>
      {(cards.data?.total ?? 0) > limit ? (
        <Pagination
          className="gallery-page__pager"
          current={view.page}
          pageSize={limit}
          total={cards.data?.total ?? 0}
          showSizeChanger={false}
          onChange={(page) => change({ page })}
        />
      ) : null}
      {view.object ? (
        <ObjectDetail
          id={view.object}
          card={opened}
          onClose={() => change({ object: '' })}
          onEdit={(info: ObjectInfo) => setEditing({ objectId: info.id })}
        />
      ) : null}
      {editing ? (
        <ObjectDialog
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: ['gallery'] });
            void client.invalidateQueries({ queryKey: ['object'] });
          }}
        />
      ) : null}
    </div>
  );
}
