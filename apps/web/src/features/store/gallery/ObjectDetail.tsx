import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  EditOutlined,
  HeartFilled,
  HeartOutlined,
  PushpinOutlined,
  ShoppingCartOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { formatPrice, GALLERY_PERMISSIONS, type ObjectInfo } from '@kerf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Image, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { react, recommended, setRecommended } from '../../../api/gallery-api';
import { attachmentPictureUrl, attachmentUrl, getObject } from '../../../api/object-api';
import { messageOf } from '../../../api/request';
import { saveToDrive, takeFree } from '../../../api/trade-api';
import { useCan } from '../../../app/access/use-can';
import { PayDialog } from '../dialogs/PayDialog';
import { ObjectPapers } from './ObjectPapers';

/**
 * An object over the gallery: its effect images (the image overlay on a click), drawings, what the
 * designer says of it, the laser settings they used, the seller and the licence.
 */
export function ObjectDetail({
  id,
  card,
  onClose,
  onEdit,
}: {
  id: string;
  /** Likes and favourites as the gallery card shows them (the object call has no counts). */
  card?: { liked: boolean; favourited: boolean; likes: number; favourites: number };
  onClose(): void;
  onEdit(info: ObjectInfo): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const info = useQuery({ queryKey: ['object', id], queryFn: () => getObject(id) });
  const object = info.data;
  const curator = useCan().permission(GALLERY_PERMISSIONS.curate);
  const picks = useQuery({
    queryKey: ['gallery', 'recommended'],
    queryFn: () => recommended(24),
    enabled: curator,
    select: (cards) => cards.filter((c) => c.picked).map((c) => c.id),
  });
  const picked = picks.data?.includes(id) ?? false;

  const [paying, setPaying] = useState(false);
  const readAgain = () => client.invalidateQueries({ queryKey: ['object', id] });
  const run = async (work: () => Promise<string>) => {
    try {
      void message.success(await work());
      await readAgain();
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const togglePick = async () => {
    const current = picks.data ?? [];
    try {
      void message.success(await setRecommended(picked ? current.filter((p) => p !== id) : [...current, id]));
      await client.invalidateQueries({ queryKey: ['gallery'] });
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const toggle = async (kind: 'like' | 'favourite', on: boolean) => {
    try {
      await react(kind, id, on);
      await client.invalidateQueries({ queryKey: ['gallery'] });
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  return (
    <Drawer
      open
      width={640}
      onClose={onClose}
      title={object?.fileName ?? t('store.gallery.loading')}
      className="object-detail"
      extra={
        <Space>
          {curator && object?.listed && object.state === 'ready' ? (
            <Button icon={<PushpinOutlined />} onClick={() => void togglePick()} aria-pressed={picked}>
              {t(picked ? 'store.gallery.unpick' : 'store.gallery.pick')}
            </Button>
          ) : null}
          {object?.mine ? (
            <Button icon={<EditOutlined />} onClick={() => onEdit(object)}>
              {t('store.gallery.edit')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {info.isLoading ? <Spin /> : null}
      {info.isError ? <Empty description={messageOf(info.error)} /> : null}
      {object ? (
        <div className="object-detail__body">
          <Image.PreviewGroup>
            <div className="object-detail__images">
              {object.previews.map((preview, index) => (
                <Image
                  key={preview.id}
                  src={index === 0 ? attachmentUrl(preview.id) : attachmentPictureUrl(preview.id)}
                  preview={{ src: attachmentUrl(preview.id) }}
                  alt={preview.name}
                  className={index === 0 ? 'object-detail__cover' : 'object-detail__thumb'}
                />
              ))}
            </div>
          </Image.PreviewGroup>
          <Space className="object-detail__actions" wrap>
            <span className={object.price === 0 ? 'object-card__price object-card__price--free' : 'object-card__price'}>
              {object.price === 0 ? t('store.gallery.free') : formatPrice(object.price, object.currency)}
            </span>
            {object.mine ? null : object.entitled ? (
              <Button
                icon={<CloudUploadOutlined />}
                onClick={() => void run(async () => (await saveToDrive(object.id)).msg)}
              >
                {t('store.pay.saveToDrive')}
              </Button>
            ) : object.price === 0 ? (
              <Button
                type="primary"
                icon={<CloudDownloadOutlined />}
                onClick={() => void run(() => takeFree(object.id))}
              >
                {t('store.pay.getFree')}
              </Button>
            ) : (
              <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => setPaying(true)}>
                {t('store.pay.buy')}
              </Button>
            )}
            {card ? (
              <>
                <Button
                  icon={card.liked ? <HeartFilled /> : <HeartOutlined />}
                  onClick={() => void toggle('like', !card.liked)}
                  aria-pressed={card.liked}
                >
                  {t('store.gallery.like')} {card.likes}
                </Button>
                <Button
                  icon={card.favourited ? <StarFilled /> : <StarOutlined />}
                  onClick={() => void toggle('favourite', !card.favourited)}
                  aria-pressed={card.favourited}
                >
                  {t('store.gallery.favourite')} {card.favourites}
                </Button>
              </>
            ) : null}
          </Space>
          {object.description ? <p className="object-detail__description">{object.description}</p> : null}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('store.gallery.seller')}>{object.ownerName}</Descriptions.Item>
            {object.material ? (
              <Descriptions.Item label={t('store.object.material')}>{object.material}</Descriptions.Item>
            ) : null}
            {object.machine ? (
              <Descriptions.Item label={t('store.object.machine')}>{object.machine}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('store.gallery.licence')}>
              {t(`store.licences.${object.licence}`)}
            </Descriptions.Item>
            {object.tags.length ? (
              <Descriptions.Item label={t('store.object.tags')}>
                {object.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <ObjectPapers object={object} />
          {object.crafts.length ? (
            <>
              <h4>{t('store.gallery.crafts')}</h4>
              <ul className="object-detail__crafts">
                {object.crafts.map((craft) => (
                  <li key={craft.id}>
                    <strong>{craft.name}</strong> · {craft.material}
                    {craft.thickness ? ` ${craft.thickness} mm` : ''} · {craft.powerClass} W ·{' '}
                    {t('store.gallery.passes', { count: craft.passes.length })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      {paying && object ? (
        <PayDialog
          objectId={object.id}
          currency={object.currency}
          onPaid={() => void readAgain()}
          onClose={() => {
            setPaying(false);
            void readAgain();
          }}
        />
      ) : null}
    </Drawer>
  );
}
