import { ArrowLeftOutlined, ArrowRightOutlined, PushpinOutlined } from '@ant-design/icons';
import { GALLERY_PERMISSIONS } from '@kerf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type GalleryCard, recommended, setRecommended } from '../../../api/gallery-api';
import { messageOf } from '../../../api/request';
import { useCan } from '../../../app/access/use-can';
import { ObjectCard } from '../components/ObjectCard';
import '../store.css';

/** The picks' ids after moving one of them by `step` places. */
export function movedPick(picks: string[], id: string, step: -1 | 1): string[] {
  const from = picks.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= picks.length) return picks;
  const next = [...picks];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * /store (SPEC §2 recommend): administrators' picks in their order, then the most popular objects.
 * Administrators reorder or drop their picks here; they pick objects from the object's page.
 */
export function RecommendedPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const curator = useCan().permission(GALLERY_PERMISSIONS.curate);
  const cards = useQuery({ queryKey: ['gallery', 'recommended'], queryFn: () => recommended(24) });
  const list = cards.data ?? [];
  const picks = list.filter((card) => card.picked).map((card) => card.id);

  const savePicks = async (ids: string[]) => {
    try {
      void message.success(await setRecommended(ids));
      await client.invalidateQueries({ queryKey: ['gallery'] });
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const curation = (card: GalleryCard) =>
    curator && card.picked ? (
      <div className="recommended__curation">
        <Button
          size="small"
          icon={<ArrowLeftOutlined />}
          aria-label={t('store.gallery.pickEarlier', { name: card.fileName })}
          disabled={picks[0] === card.id}
          onClick={() => void savePicks(movedPick(picks, card.id, -1))}
        />
        <Button
          size="small"
          icon={<ArrowRightOutlined />}
          aria-label={t('store.gallery.pickLater', { name: card.fileName })}
          disabled={picks.at(-1) === card.id}
          onClick={() => void savePicks(movedPick(picks, card.id, 1))}
        />
        <Button
          size="small"
          icon={<PushpinOutlined />}
          onClick={() => void savePicks(picks.filter((id) => id !== card.id))}
        >
          {t('store.gallery.unpick')}
        </Button>
      </div>
    ) : null;

  return (
    <div className="gallery-page">
      <header className="gallery-page__head">
        <h2 className="gallery-page__title">{t('store.gallery.recommendedTitle')}</h2>
        <Button onClick={() => void navigate('/store/gallery')}>{t('store.gallery.browseAll')}</Button>
      </header>
      {cards.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('store.gallery.none')} />
      ) : (
        <div className="gallery-grid">
          {list.map((card) => (
            <div key={card.id} className="recommended__item">
              <ObjectCard card={card} onOpen={() => void navigate(`/store/gallery?object=${card.id}`)} />
              {curation(card)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
