import { driveMessages, entryNameProblem } from '@kerf/contract';
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '../../../api/drive-api';
import { useSettings } from '../../../stores/settings-store';
import { useFolderTree } from '../../drive/hooks/use-drive-data';
import { KERF_EXTENSION } from '../save/drive-save';

export interface SaveTarget {
  fileName: string;
  folderId: string;
  folderPath: string;
}

interface SaveForm {
  name: string;
  folderId: string;
}

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

const optionOf = (node: FolderNode, rootLabel: string): TreeOption => ({
  value: node.id,
  title: node.parentId === null ? rootLabel : node.name,
  children: node.children.map((child) => optionOf(child, rootLabel)),
});

function pathOf(root: FolderNode | undefined, id: string): string {
  const find = (node: FolderNode): FolderNode | undefined =>
    node.id === id ? node : node.children.map(find).find((n) => n !== undefined);
  return (root && find(root)?.path) || '/';
}

/**
 * Save to the drive: a name (the drive's name rules) and a folder; the extension (`.kerf` for drawings,
 * `.gcode` for jobs) is added to the name.
 */
export function SaveDialog({
  initialName,
  onSave,
  onClose,
  extension = KERF_EXTENSION,
  title,
}: {
  initialName: string;
  onSave(target: SaveTarget): void;
  onClose(): void;
  extension?: string;
  title?: string;
}) {
  const withExtension = (value: string) => {
    const base = value.trim();
    const stem = base.toLowerCase().endsWith(extension) ? base.slice(0, -extension.length) : base;
    return stem ? `${stem}${extension}` : '';
  };
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<SaveForm>();
  const tree = useFolderTree();
  const options = useMemo(() => (tree.data ? [optionOf(tree.data, t('design.save.root'))] : []), [tree.data, t]);
  const rootId = tree.data?.id ?? '0';
  const submit = ({ name, folderId }: SaveForm) => {
    onSave({
      fileName: withExtension(name),
      folderId: folderId ?? rootId,
      folderPath: pathOf(tree.data, folderId ?? rootId),
    });
  };
  return (
    <Modal
      open
      title={title ?? t('design.save.title')}
      okText={t('design.save.ok')}
      cancelText={t('design.save.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={460}
    >
      <Form<SaveForm>
        form={form}
        layout="vertical"
        initialValues={{ name: initialName, folderId: rootId }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('design.save.name')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = entryNameProblem(withExtension(value ?? ''));
                if (problem) throw new Error(driveMessages[problem][locale]);
              },
            },
          ]}
        >
          <Input suffix={extension} maxLength={250} autoFocus />
        </Form.Item>
        <Form.Item name="folderId" label={t('design.save.folder')}>
          <TreeSelect
            treeData={options}
            treeDefaultExpandAll
            loading={tree.isLoading}
            aria-label={t('design.save.folder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
