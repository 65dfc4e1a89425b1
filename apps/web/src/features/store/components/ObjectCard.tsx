import { DownloadOutlined, HeartFilled, HeartOutlined, PictureOutlined, PushpinFilled } from '@ant-design/icons';
import { formatPrice } from '@kerf/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GalleryCard } from '../../../api/gallery-api';
import { attachmentPictureUrl } from '../../../api/object-api';

/** A price as the card shows it: 免费 / Free for 0. */
export function usePriceLabel() {
  const { t } = useTranslation();
  return (card: Pick<GalleryCard, 'price' | 'currency'>) =>
    card.price === 0 ? t('store.gallery.free') : formatPrice(card.price, card.currency);
}

/**
 * One object in a gallery: its cover, name, drawing formats, price, and how liked it is. In my gallery
 * it also says whether it is a draft or listed.
 */
export function ObjectCard({ card, mine, onOpen }: { card: GalleryCard; mine?: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  const priceLabel = usePriceLabel();
  return (
    <button type="button" className="object-card" onClick={onOpen} aria-label={card.fileName}>
      <span className="object-card__cover">
        {card.coverId ? (
          <img src={attachmentPictureUrl(card.coverId)} alt="" loading="lazy" decoding="async" draggable={false} />
        ) : (
          <PictureOutlined className="object-card__no-cover" />
        )}
        {card.picked ? (
          <span className="object-card__picked" title={t('store.gallery.picked')}>
            <PushpinFilled />
          </span>
        ) : null}
      </span>
      <span className="object-card__body">
        <span className="object-card__name" title={card.fileName}>
          {card.fileName}
        </span>
        <span className="object-card__formats">
          {card.formats.map((format) => (
            <Tag key={format} bordered={false}>
              {format.toUpperCase()}
            </Tag>
          ))}
          {mine ? (
            <Tag color={card.state === 'draft' ? 'default' : card.listed ? 'green' : 'blue'} bordered={false}>
              {t(
                card.state === 'draft'
                  ? 'store.gallery.draft'
                  : card.listed
                    ? 'store.gallery.listed'
                    : 'store.gallery.unlisted',
              )}
            </Tag>
          ) : null}
        </span>
        <span className="object-card__foot">
          <span className={card.price === 0 ? 'object-card__price object-card__price--free' : 'object-card__price'}>
            {priceLabel(card)}
          </span>
          <span className="object-card__stats">
            <span title={t('store.gallery.likes')}>
              {card.liked ? <HeartFilled className="object-card__liked" /> : <HeartOutlined />} {card.likes}
            </span>
            <span title={t('store.gallery.downloads')}>
              <DownloadOutlined /> {card.downloads}
            </span>
          </span>
        </span>
        {mine ? null : <span className="object-card__owner">{card.ownerName}</span>}
      </span>
    </button>
  );
}
