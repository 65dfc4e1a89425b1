import { ArrowUpOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A folder on the way from the share's top to the one shown. */
export interface ShareCrumb {
  id: string;
  name: string;
}

/** Where in the share the visitor is: its top ("all files"), then the folders opened, each a way back. */
export function SharedPathBar({
  trail,
  onOpen,
  onUp,
}: {
  trail: readonly ShareCrumb[];
  /** Opens the folder at the end of this trail; an empty trail is the share's top. */
  onOpen(trail: ShareCrumb[]): void;
  onUp(): void;
}) {
  const { t } = useTranslation();
  const items = [{ id: '0', name: t('share.page.root') }, ...trail];
  return (
    <div className="drive-path share-path">
      <Tooltip title={t('share.page.up')}>
        <Button
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={t('share.page.up')}
          disabled={trail.length === 0}
          onClick={onUp}
        />
      </Tooltip>
      <Breadcrumb
        className="drive-breadcrumb"
        aria-label={t('share.page.root')}
        items={items.map((item, i) => ({
          key: `${i}-${item.id}`,
          title:
            i === items.length - 1 ? (
              <span className="drive-breadcrumb__current" aria-current="page">
                {item.name}
              </span>
            ) : (
              <button type="button" className="drive-breadcrumb__link" onClick={() => onOpen(trail.slice(0, i))}>
                {item.name}
              </button>
            ),
        }))}
      />
    </div>
  );
}
