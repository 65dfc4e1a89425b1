import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../hooks/use-editor';
import { breakApartArrays } from '../../model/array/array-actions';
import { ArrayDialog } from './ArrayDialog';

/** The arrange bar's array menu: make or edit an array object, or break the selected ones apart. */
export function ArrayButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editor = useEditor();
  const [open, setOpen] = useState(false);

  const menu: MenuProps = {
    items: [
      { key: 'open', label: t('design.array.open') },
      { key: 'breakApart', label: t('design.array.breakApart') },
    ],
    onClick: ({ key }) => {
      if (key === 'open') {
        if (editor.state.selection.length === 0) void message.warning(t('design.array.needsShape'));
        else setOpen(true);
      } else if (!breakApartArrays(editor)) void message.warning(t('design.array.notArray'));
    },
  };

  return (
    <>
      <Dropdown menu={menu} trigger={['click']}>
        <Button size="small" type="text" data-testid="array-menu">
          {t('design.array.title')} <DownOutlined />
        </Button>
      </Dropdown>
      {open ? <ArrayDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
