import { MENU_LIMITS, MENU_TYPES, type MenuType, type SysMenu } from '@kerf/contract';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveMenu } from '../../../../api/system-role-api';
import { MENU_ICONS } from '../../../../app/layout/menu-config';
import { useSettings } from '../../../../stores/settings-store';
import { useSaving } from '../../shared/use-saving';
import {
  type MenuForm,
  menuFormOf,
  menuInputOf,
  parentChoices,
  pathProblem,
  permissionProblem,
} from '../model/menu-tree';

/**
 * Adds a directory, page or button, or changes one: type, parent, titles in both languages, path,
 * icon, order, visibility and permission. A built-in entry keeps its type, parent, path and permission.
 */
export function MenuDialog({
  menu,
  parentId,
  list,
  onClose,
  onSaved,
}: {
  menu?: SysMenu;
  /** Where a new entry goes (null: the top level). */
  parentId: string | null;
  /** Every entry, for the parent picker. */
  list: readonly SysMenu[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<MenuForm>();
  const { busy, failure, run } = useSaving(onSaved, onClose);
  const type = (Form.useWatch('menuType', form) ?? menuFormOf(menu, parentId, list).menuType) as MenuType;
  const locked = Boolean(menu?.builtin);

  const save = async () => {
    const values = menuInputOf(await form.validateFields());
    await run(() => saveMenu({ ...values, id: menu?.id }));
  };

  return (
    <Modal
      open
      width={640}
      title={t(menu ? 'sysmRole.menu.editMenu' : 'sysmRole.menu.addMenu')}
      okText={t('sysmRole.common.save')}
      cancelText={t('sysmRole.common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void save().catch(() => {})}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      className="menu-dialog"
    >
      {locked ? (
        <Alert type="info" showIcon message={t('sysmRole.menu.builtinHint')} className="menu-dialog__hint" />
      ) : null}
      <Form
        form={form}
        name="menu-dialog"
        layout="vertical"
        initialValues={menuFormOf(menu, parentId, list)}
        disabled={busy}
      >
        <Form.Item name="menuType" label={t('sysmRole.menu.menuType')}>
          <Radio.Group
            disabled={locked}
            options={MENU_TYPES.map((value) => ({ value, label: t(`sysmRole.menu.types.${value}`) }))}
            // a new type may not fit the parent picked: the server says so when saving
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('sysmRole.menu.parent')}>
          <TreeSelect
            disabled={locked}
            treeDefaultExpandAll
            treeData={parentChoices(list, type, menu?.id, locale, t('sysmRole.menu.root'))}
          />
        </Form.Item>
        <div className="menu-dialog__row">
          <Form.Item
            name="titleCn"
            label={t('sysmRole.menu.titleCn')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('sysmRole.common.required', { field: t('sysmRole.menu.titleCn') }),
              },
            ]}
          >
            <Input maxLength={MENU_LIMITS.titleMax} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('sysmRole.menu.titleEn')}>
            <Input maxLength={MENU_LIMITS.titleMax} />
          </Form.Item>
        </div>
        {type === 'F' ? null : (
          <div className="menu-dialog__row">
            <Form.Item
              name="path"
              label={t('sysmRole.menu.path')}
              extra={t('sysmRole.menu.pathHint')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const problem = pathProblem(type, value ?? '');
                    if (problem === 'required') {
                      throw new Error(t('sysmRole.common.required', { field: t('sysmRole.menu.path') }));
                    }
                    if (problem) throw new Error(t('sysmRole.menu.badPath'));
                  },
                },
              ]}
            >
              <Input maxLength={MENU_LIMITS.pathMax} disabled={locked} autoComplete="off" />
            </Form.Item>
            <Form.Item name="icon" label={t('sysmRole.menu.icon')}>
              <Select
                allowClear
                options={[
                  { value: '', label: t('sysmRole.menu.noIcon') },
                  ...Object.entries(MENU_ICONS).map(([name, icon]) => ({
                    value: name,
                    label: (
                      <Space size={6}>
                        {icon}
                        <span>{name}</span>
                      </Space>
                    ),
                  })),
                ]}
              />
            </Form.Item>
          </div>
        )}
        <Form.Item
          name="permission"
          label={t('sysmRole.menu.permission')}
          extra={t('sysmRole.menu.permissionHint')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = permissionProblem(type, value ?? '');
                if (problem === 'required') {
                  throw new Error(t('sysmRole.common.required', { field: t('sysmRole.menu.permission') }));
                }
                if (problem) throw new Error(t('sysmRole.menu.badPermission'));
              },
            },
          ]}
        >
          <Input maxLength={MENU_LIMITS.permissionMax} disabled={locked} autoComplete="off" />
        </Form.Item>
        <div className="menu-dialog__row">
          <Form.Item name="orderNum" label={t('sysmRole.common.orderNum')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="visible" label={t('sysmRole.menu.visible')}>
            <Radio.Group
              options={[
                { value: true, label: t('sysmRole.menu.visibility.shown') },
                { value: false, label: t('sysmRole.menu.visibility.hidden') },
              ]}
            />
          </Form.Item>
        </div>
      </Form>
      {failure ? (
        <div className="menu-dialog__failure" role="alert">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
