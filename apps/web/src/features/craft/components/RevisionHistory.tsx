import type { CraftRevision } from '@kerf/contract';
import { Empty, Skeleton, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFullTime } from '../../drive/model/format';

const DOT_COLOUR: Record<CraftRevision['action'], string> = {
  create: 'green',
  import: 'blue',
  update: 'gray',
  delete: 'red',
};

/** Who changed the craft, when, and how; newest first, as the server keeps them. */
export function RevisionHistory({ revisions, loading }: { revisions: CraftRevision[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && !revisions) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (!revisions?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('craft.detail.historyEmpty')} />;
  return (
    <Timeline
      className="craft-history"
      items={revisions.map((revision) => ({
        key: `${revision.revision}-${revision.action}`,
        color: DOT_COLOUR[revision.action],
        // no `title`: antd 6 puts an item's title on the far side of the line, away from its words
        content: (
          <div className="craft-history__item">
            <span className="craft-history__what">
              {t(`craft.detail.actions.${revision.action}`)}
              <span className="craft-history__revision">
                {t('craft.detail.revision', { revision: revision.revision })}
              </span>
            </span>
            <span className="craft-history__who">
              {t('craft.detail.by', {
                name: revision.by ?? t('craft.detail.system'),
                time: formatFullTime(revision.at),
              })}
            </span>
          </div>
        ),
      }))}
    />
  );
}
