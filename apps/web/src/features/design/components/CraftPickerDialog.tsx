import type { Craft, CraftLibrary } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Modal, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCrafts } from '../../../api/craft-api';

interface Props {
  onPick(craft: Craft, passIndex: number): void;
  onClose(): void;
}

const percent = (min: number, max: number) => (min === max ? `${max}%` : `${min}–${max}%`);

/**
 * Chooses a craft pass from the standard or the person's own library, searchable by material, name or
 * machine (the server matches Chinese substrings). A craft of several passes offers each pass.
 */
export function CraftPickerDialog({ onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [library, setLibrary] = useState<CraftLibrary>('standard');
  const [keyword, setKeyword] = useState('');
  const listing = useQuery({
    queryKey: ['design', 'crafts', library, keyword],
    queryFn: () =>
      listCrafts({ library, keyword: keyword || undefined, page: 1, limit: 50, sort: 'material', order: 'asc' }),
  });
  const crafts = listing.data?.list ?? [];
  return (
    <Modal open title={t('design.craft.pickTitle')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Space wrap>
          <Segmented
            value={library}
            onChange={(value) => setLibrary(value as CraftLibrary)}
            options={[
              { value: 'standard', label: t('design.craft.standard') },
              { value: 'personal', label: t('design.craft.personal') },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={t('design.craft.search')}
            aria-label={t('design.craft.search')}
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 280 }}
          />
        </Space>
        <List
          className="design-craft-list"
          loading={listing.isLoading}
          dataSource={crafts}
          locale={{ emptyText: <Empty description={t('design.craft.empty')} /> }}
          renderItem={(craft) => (
            <List.Item key={craft.id}>
              <div className="design-craft-item">
                <Typography.Text strong>{craft.material}</Typography.Text>
                <span className="design-craft-item__meta">
                  {craft.thickness === null ? t('design.craft.anyThickness') : `${craft.thickness} mm`} · {craft.name} ·{' '}
                  {craft.laserType === 'gas' ? 'CO₂' : t('design.craft.fiber')} {craft.powerClass} W
                </span>
                <div className="design-craft-item__passes">
                  {craft.passes.map((pass, index) => (
                    <Button
                      // biome-ignore lint/suspicious/noArrayIndexKey: passes have no id; their order is their identity
                      key={index}
                      size="small"
                      onClick={() => onPick(craft, index)}
                      aria-label={t('design.craft.applyPass', { name: craft.name, index: index + 1 })}
                    >
                      <Tag bordered={false}>{t(`design.craft.mode.${pass.mode}`)}</Tag>
                      {percent(pass.minPower, pass.maxPower)} · {pass.speed} mm/s
                    </Button>
                  ))}
                </div>
              </div>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
