import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPPORT_LIMITS, type SupportQuickReply } from '@kerf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Form, Input, InputNumber, List, Popconfirm, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../api/request';
import { addQuickReply, editQuickReply, type QuickReplyInput, removeQuickReply } from '../../../../api/support-api';
import { useSupportText } from '../../shared/hooks/use-conversation';
import { QUICK_REPLIES_KEY, useQuickReplies } from '../hooks/use-quick-replies';

interface QuickRepliesDrawerProps {
  open: boolean;
  onClose(): void;
}

/** The form of one quick reply, new or edited; empty title or text is refused with the contract's words. */
function QuickReplyForm({ reply, onDone }: { reply: SupportQuickReply | null; onDone(): void }) {
  const { t } = useTranslation();
  const text = useSupportText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<QuickReplyInput>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const required = { required: true, whitespace: true, message: text('quickReplyRequired') };
  const save = async (values: QuickReplyInput) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const input = { title: values.title.trim(), body: values.body.trim(), orderNum: values.orderNum ?? 0 };
      if (reply) await editQuickReply(reply.id, input);
      else await addQuickReply(input);
      void message.success(t('supportChat.console.quick.saved'));
      await queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_KEY });
      onDone();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={reply ?? { title: '', body: '', orderNum: 0 }}
      onFinish={(values) => void save(values)}
      className="support-quick-form"
    >
      {failure ? <Alert type="error" showIcon title={failure} className="support-quick-form__error" /> : null}
      <Form.Item name="title" label={t('supportChat.console.quick.titleLabel')} rules={[required]}>
        <Input
          maxLength={SUPPORT_LIMITS.quickReplyTitleMax}
          showCount
          placeholder={t('supportChat.console.quick.titlePlaceholder')}
        />
      </Form.Item>
      <Form.Item name="body" label={t('supportChat.console.quick.bodyLabel')} rules={[required]}>
        <Input.TextArea
          maxLength={SUPPORT_LIMITS.quickReplyBodyMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('supportChat.console.quick.bodyPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="orderNum" label={t('supportChat.console.quick.orderLabel')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('supportChat.console.quick.save')}
        </Button>
        <Button onClick={onDone}>{t('supportChat.console.quick.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** Managing the quick replies every agent shares: add, edit, delete. */
export function QuickRepliesDrawer({ open, onClose }: QuickRepliesDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const replies = useQuickReplies();
  /** The reply being edited, 'new' for a new one, null for the list. */
  const [editing, setEditing] = useState<SupportQuickReply | 'new' | null>(null);
  const remove = async (reply: SupportQuickReply) => {
    try {
      await removeQuickReply(reply.id);
      void message.success(t('supportChat.console.quick.deleted'));
    } catch (error) {
      void message.error(messageOf(error));
    }
    await queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_KEY });
  };
  return (
    <Drawer
      open={open}
      onClose={() => {
        setEditing(null);
        onClose();
      }}
      title={
        editing === null
          ? t('supportChat.console.quick.title')
          : editing === 'new'
            ? t('supportChat.console.quick.add')
            : t('supportChat.console.quick.edit')
      }
      size={420}
      className="support-quick-drawer"
      destroyOnHidden
      extra={
        editing === null ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('supportChat.console.quick.add')}
          </Button>
        ) : null
      }
    >
      {editing !== null ? (
        <QuickReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : replies.isPending ? (
        <Spin />
      ) : (replies.data ?? []).length === 0 ? (
        <Empty description={t('supportChat.console.quick.empty')} />
      ) : (
        <List
          dataSource={replies.data}
          rowKey="id"
          renderItem={(reply) => (
            <List.Item
              actions={[
                <Button
                  key="edit"
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('supportChat.console.quick.edit')} ${reply.title}`}
                  onClick={() => setEditing(reply)}
                />,
                <Popconfirm
                  key="delete"
                  title={t('supportChat.console.quick.deleteConfirm', { title: reply.title })}
                  onConfirm={() => remove(reply)}
                >
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('supportChat.console.quick.delete')} ${reply.title}`}
                  />
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={reply.title}
                description={<span className="support-quick__body support-quick__body--full">{reply.body}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
