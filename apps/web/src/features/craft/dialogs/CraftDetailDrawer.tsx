import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Craft } from '@kerf/contract';
import { Alert, Button, Descriptions, type DescriptionsProps, Drawer, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { formatTime } from '../../drive/model/format';
import { LaserTypeTag, StartingValuesTag } from '../components/CraftTags';
import { PassSettings } from '../components/PassSettings';
import { RevisionHistory } from '../components/RevisionHistory';
import { useCraft, useCraftRevisions } from '../hooks/use-craft-data';
import type { CraftRights } from '../model/craft-access';
import { thicknessText, withUnit } from '../model/craft-format';

export interface CraftDetailDrawerProps {
  /** The row clicked: shown at once while the drawer fetches the craft afresh. */
  craft: Craft | null;
  /** Kept apart from `craft` so the drawer still shows it while sliding away. */
  open: boolean;
  rights: CraftRights;
  copyLabel: 'copy' | 'duplicate';
  onClose(): void;
  onCopy(craft: Craft): void;
  onEdit(craft: Craft): void;
  onDelete(craft: Craft): void;
}

/** A craft in full: its fields, every pass with all its settings, and who changed it when. */
export function CraftDetailDrawer({ craft: clicked, open, rights, copyLabel, ...actions }: CraftDetailDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const id = open ? clicked?.id : undefined;
  const item = useCraft(id);
  const revisions = useCraftRevisions(id);
  // the fetched craft once it is here (it may have changed since the list was loaded)
  const craft = item.data?.id === id ? item.data : clicked;
  const gone = item.isError && !item.isFetching;

  const basics: DescriptionsProps['items'] = craft
    ? [
        { key: 'material', label: t('craft.columns.material'), children: craft.material, span: 'filled' },
        {
          key: 'thickness',
          label: t('craft.columns.thickness'),
          children: thicknessText(craft.thickness, t('craft.anyThickness')),
        },
        {
          key: 'laserType',
          label: t('craft.columns.laserType'),
          children: <LaserTypeTag laserType={craft.laserType} />,
        },
        { key: 'powerClass', label: t('craft.columns.powerClass'), children: withUnit(craft.powerClass, 'W') },
        {
          key: 'machineModel',
          label: t('craft.columns.machineModel'),
          children: craft.machineModel || t('craft.none'),
        },
        {
          key: 'updatedAt',
          label: t('craft.columns.updatedAt'),
          children: craft.updatedBy
            ? `${formatTime(craft.updatedAt)} · ${craft.updatedBy}`
            : formatTime(craft.updatedAt),
          span: 'filled',
        },
        {
          key: 'description',
          label: t('craft.detail.description'),
          children: <span className="craft-description">{craft.description || t('craft.none')}</span>,
          span: 'filled',
        },
      ]
    : [];

  const footer = craft ? (
    <Space wrap className="craft-detail__actions">
      {rights.copy ? (
        <Button
          type={rights.edit ? 'default' : 'primary'}
          icon={<CopyOutlined />}
          onClick={() => actions.onCopy(craft)}
        >
          {t(copyLabel === 'copy' ? 'craft.toolbar.copy' : 'craft.toolbar.duplicate')}
        </Button>
      ) : null}
      {rights.edit ? (
        <>
          <Button type="primary" icon={<EditOutlined />} onClick={() => actions.onEdit(craft)} disabled={gone}>
            {t('craft.row.edit')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => actions.onDelete(craft)} disabled={gone}>
            {t('craft.row.delete')}
          </Button>
        </>
      ) : null}
    </Space>
  ) : null;

  return (
    <Drawer
      open={open && !!clicked}
      onClose={actions.onClose}
      size={phone ? '100%' : 600}
      className="craft-detail"
      title={
        craft ? (
          <span className="craft-detail__title">
            <span className="craft-detail__name">{craft.name}</span>
            {craft.startingValues ? <StartingValuesTag /> : null}
          </span>
        ) : (
          t('craft.detail.title')
        )
      }
      footer={footer}
      destroyOnHidden
    >
      {gone ? (
        <Result status="warning" title={t('craft.detail.loadFailed')} />
      ) : craft ? (
        <Spin spinning={item.isFetching && !item.data}>
          {craft.startingValues ? (
            <Alert type="info" showIcon className="craft-detail__starting" title={t('craft.detail.startingHint')} />
          ) : null}
          <h3 className="craft-detail__heading">{t('craft.detail.basics')}</h3>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={basics}
            className="craft-detail__basics"
          />
          <h3 className="craft-detail__heading">{t('craft.detail.passes')}</h3>
          {craft.passes.map((pass, index) => (
            // passes have no id of their own; their order is what they are
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <PassSettings key={index} pass={pass} index={index} />
          ))}
          <h3 className="craft-detail__heading">{t('craft.detail.history')}</h3>
          <RevisionHistory revisions={revisions.data} loading={revisions.isLoading} />
        </Spin>
      ) : null}
    </Drawer>
  );
}
