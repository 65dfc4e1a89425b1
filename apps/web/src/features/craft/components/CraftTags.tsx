import { ExperimentOutlined } from '@ant-design/icons';
import { type CraftLaserType, type CraftMode, craftMessages } from '@kerf/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings-store';

const LASER_COLOUR: Record<CraftLaserType, string> = { gas: 'volcano', fiber: 'geekblue' };
const MODE_COLOUR: Record<CraftMode, string> = { cut: 'red', fill: 'gold', image: 'purple' };

export function LaserTypeTag({ laserType }: { laserType: CraftLaserType }) {
  const { t } = useTranslation();
  return (
    <Tag color={LASER_COLOUR[laserType]} variant="outlined" className="craft-tag">
      {t(`craft.laserType.${laserType}`)}
    </Tag>
  );
}

export function ModeTag({ mode }: { mode: CraftMode }) {
  const { t } = useTranslation();
  return (
    <Tag color={MODE_COLOUR[mode]} className="craft-tag">
      {t(`craft.mode.${mode}`)}
    </Tag>
  );
}

/** Seeded values are a place to start, not measured on the reader's machine: said on the row and in the drawer. */
export function StartingValuesTag() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  return (
    <Tooltip title={craftMessages.startingValues[locale]}>
      <Tag icon={<ExperimentOutlined />} color="cyan" className="craft-tag craft-tag--starting">
        {t('craft.startingValues')}
      </Tag>
    </Tooltip>
  );
}
