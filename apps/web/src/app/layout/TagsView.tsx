import {
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TranslationKey } from '../../i18n/i18n';
import { tagsViewStore, useTagsView, type VisitedView } from '../../stores/tags-view-store';

type TagAction = 'refresh' | 'closeCurrent' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The visited pages as tags (SPEC §1 tags view): click to return, × to close, right-click for more. */
export function TagsView() {
  const { t } = useTranslation();
  const views = useTagsView((s) => s.views);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to scroll its tag into view
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  /** After closing, stay if the current page survived; else go to the given tag, the last one, or the workbench. */
  const leaveIfClosed = (fallback?: VisitedView) => {
    const remaining = tagsViewStore.getState().views;
    if (remaining.some((v) => v.path === pathname)) return;
    const target = (fallback && remaining.find((v) => v.path === fallback.path)) ?? remaining[remaining.length - 1];
    void navigate(target ? target.fullPath : '/workbench');
  };

  const act = (action: TagAction, view: VisitedView) => {
    switch (action) {
      case 'refresh':
        if (view.path !== pathname) void navigate(view.fullPath);
        tagsViewStore.refresh();
        return;
      case 'closeCurrent':
        tagsViewStore.close(view.path);
        return leaveIfClosed();
      case 'closeOthers':
        tagsViewStore.closeOthers(view.path);
        return leaveIfClosed(view);
      case 'closeLeft':
        tagsViewStore.closeLeft(view.path);
        return leaveIfClosed(view);
      case 'closeRight':
        tagsViewStore.closeRight(view.path);
        return leaveIfClosed(view);
      case 'closeAll':
        tagsViewStore.closeAll();
        return leaveIfClosed();
    }
  };

  const menuFor = (view: VisitedView, index: number): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
      { key: 'closeCurrent', icon: <CloseOutlined />, label: t('tags.closeCurrent'), disabled: view.affix },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: t('tags.closeOthers') },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: t('tags.closeLeft'), disabled: index === 0 },
      {
        key: 'closeRight',
        icon: <VerticalLeftOutlined />,
        label: t('tags.closeRight'),
        disabled: index === views.length - 1,
      },
      { type: 'divider' },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => act(key as TagAction, view),
  });

  return (
    <nav className="tags-view" aria-label={t('tags.label')}>
      <div className="tags-view__scroll">
        {views.map((view, index) => {
          const active = view.path === pathname;
          const title = t(view.titleKey as TranslationKey);
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={menuFor(view, index)}>
              <div
                ref={active ? activeRef : undefined}
                className={active ? 'tags-view__item is-active' : 'tags-view__item'}
                data-path={view.path}
              >
                <Link to={view.fullPath} className="tags-view__link" aria-current={active ? 'page' : undefined}>
                  {title}
                </Link>
                {view.affix ? null : (
                  <button
                    type="button"
                    className="tags-view__close"
                    aria-label={t('tags.closeTag', { title })}
                    onClick={() => act('closeCurrent', view)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
    </nav>
  );
}
