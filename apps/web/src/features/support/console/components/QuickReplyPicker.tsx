import { ThunderboltOutlined } from '@ant-design/icons';
import type { SupportQuickReply } from '@kerf/contract';
import { Button, Empty, Input, Popover, Spin, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuickReplies } from '../hooks/use-quick-replies';

interface QuickReplyPickerProps {
  onPick(reply: SupportQuickReply): void;
  onManage(): void;
  disabled?: boolean;
}

/** The composer's quick replies: a list to filter and pick from; picking puts the text into the box. */
export function QuickReplyPicker({ onPick, onManage, disabled }: QuickReplyPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const replies = useQuickReplies();
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = replies.data ?? [];
    return needle
      ? list.filter((r) => r.title.toLowerCase().includes(needle) || r.body.toLowerCase().includes(needle))
      : list;
  }, [replies.data, filter]);
  const content = (
    <div className="support-quick">
      <Input
        size="small"
        allowClear
        placeholder={t('supportChat.console.quick.search')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="support-quick__list">
        {replies.isPending ? (
          <Spin size="small" />
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('supportChat.composer.noQuickReplies')} />
        ) : (
          shown.map((reply) => (
            <button
              key={reply.id}
              type="button"
              className="support-quick__item"
              onClick={() => {
                setOpen(false);
                onPick(reply);
              }}
            >
              <span className="support-quick__title">{reply.title}</span>
              <span className="support-quick__body">{reply.body}</span>
            </button>
          ))
        )}
      </div>
      <Button
        type="link"
        size="small"
        onClick={() => {
          setOpen(false);
          onManage();
        }}
      >
        {t('supportChat.console.quick.manage')}
      </Button>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="topLeft"
      open={open}
      onOpenChange={setOpen}
      content={content}
      title={t('supportChat.composer.quickReplies')}
    >
      <Tooltip title={open ? undefined : t('supportChat.composer.quickReplies')}>
        <Button
          type="text"
          icon={<ThunderboltOutlined />}
          aria-label={t('supportChat.composer.quickReplies')}
          disabled={disabled}
        />
      </Tooltip>
    </Popover>
  );
}
