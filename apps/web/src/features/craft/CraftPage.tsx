import { ExperimentOutlined, FilterOutlined } from '@ant-design/icons';
import type { Craft, CraftLibrary } from '@kerf/contract';
import { Alert, Button, Empty, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/access/use-can';
import { LinkButton } from '../../app/components/LinkButton';
import { CraftFilterBar } from './components/CraftFilterBar';
import { CraftTable } from './components/CraftTable';
import { CraftToolbar } from './components/CraftToolbar';
import './craft.css';
import { CraftDetailDrawer } from './dialogs/CraftDetailDrawer';
import { CraftFormDrawer, type CraftFormMode } from './dialogs/CraftFormDrawer';
import { ImportDialog } from './dialogs/ImportDialog';
import { useCraftActions } from './hooks/use-craft-actions';
import { useCraftColumns } from './hooks/use-craft-columns';
import { useCraftFacets, useCraftList, useRefreshCrafts } from './hooks/use-craft-data';
import { useCraftView } from './hooks/use-craft-view';
import { craftRights } from './model/craft-access';
import { activeFilterCount, queryOfView } from './model/craft-query';

/** /craft/standard: the maker's reference settings, read by everyone, kept by those allowed. */
export function StandardCraftPage() {
  return <CraftPage library="standard" />;
}

/** /craft/personal: my own settings. */
export function PersonalCraftPage() {
  return <CraftPage library="personal" />;
}

/**
 * The craft libraries (SPEC §2 /craft): two tabs over one page. A table grouped by material with
 * filters in the address, a detail drawer with every pass and the history, the create/edit form,
 * copy to my library, delete, LightBurn/Kerf import and export.
 */
function CraftPage({ library }: { library: CraftLibrary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const rights = craftRights(library, can);
  const copyLabel = library === 'standard' ? 'copy' : 'duplicate';
  const readOnly = library === 'standard' && !rights.edit;
  const { view, go, setFilters, clearFilters } = useCraftView();
  const list = useCraftList(library, view);
  const facets = useCraftFacets(library);
  const refresh = useRefreshCrafts();
  const actions = useCraftActions();
  const [columns, setColumns] = useCraftColumns();
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<{ craft: Craft | null; open: boolean }>({ craft: null, open: false });
  const [formMode, setFormMode] = useState<CraftFormMode | null>(null);
  const [importing, setImporting] = useState(false);

  const crafts = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const filtered = activeFilterCount(view) > 0;
  // crafts that left the page (another page, a filter, a delete) leave the selection
  const selectedCrafts = crafts.filter((craft) => selected.includes(craft.id));

  // another page, filter or sort starts with nothing selected (as the drive does)
  const viewKey = queryOfView(view).toString();
  useEffect(() => {
    if (viewKey !== undefined) setSelected([]);
  }, [viewKey]);

  // after deleting the last crafts of the last page, show the page before
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && total > 0 && view.page > 1) {
      go({ ...view, page: Math.max(1, Math.ceil(total / view.limit)) });
    }
  }, [list.data, total, view, go]);

  const openDetail = (craft: Craft) => setDetail({ craft, open: true });
  const closeDetail = () => setDetail((current) => ({ ...current, open: false }));
  const remove = (targets: Craft[]) =>
    actions.remove(targets, library, () => {
      setSelected((ids) => ids.filter((id) => !targets.some((craft) => craft.id === id)));
      if (detail.craft && targets.some((craft) => craft.id === detail.craft?.id)) closeDetail();
    });
  const copy = async (targets: Craft[]) => {
    if ((await actions.copy(targets)).length) setSelected([]);
  };

  const empty = list.isError ? (
    <Empty description={t('craft.empty.failed')} />
  ) : !list.data ? (
    <div className="craft-loading" role="status" aria-live="polite">
      {t('craft.empty.loading')}
    </div>
  ) : filtered ? (
    <Empty image={<FilterOutlined className="craft-empty__icon" />} description={t('craft.empty.filtered')}>
      <Button onClick={clearFilters}>{t('craft.filters.clear')}</Button>
    </Empty>
  ) : library === 'personal' ? (
    <Empty
      image={<ExperimentOutlined className="craft-empty__icon" />}
      description={
        <>
          <div className="craft-empty__title">{t('craft.empty.personal')}</div>
          <div className="craft-empty__hint">{t('craft.empty.personalHint')}</div>
        </>
      }
    >
      <Space wrap className="craft-empty__actions">
        <LinkButton type="primary" to="/craft/standard">
          {t('craft.empty.goStandard')}
        </LinkButton>
        {rights.edit ? <Button onClick={() => setImporting(true)}>{t('craft.toolbar.import')}</Button> : null}
      </Space>
    </Empty>
  ) : (
    <Empty description={t('craft.empty.standard')} />
  );

  const hint = library === 'personal' ? t('craft.hint.personal') : t('craft.hint.standardEditor');

  return (
    <div className="craft">
      <section className="craft-main" aria-label={t(`craft.tabs.${library}`)}>
        <header className="craft-head">
          <Tabs
            className="craft-tabs"
            activeKey={library}
            onChange={(key) => void navigate(`/craft/${key}`)}
            items={(['standard', 'personal'] as const).map((key) => ({ key, label: t(`craft.tabs.${key}`) }))}
          />
          {readOnly ? null : <p className="craft-head__hint">{hint}</p>}
        </header>
        {readOnly ? <Alert type="info" showIcon className="craft-readonly" title={t('craft.hint.readOnly')} /> : null}
        <CraftFilterBar filters={view} facets={facets.data} onChange={setFilters} onClear={clearFilters} />
        <CraftToolbar
          rights={rights}
          copyLabel={copyLabel}
          selectedCount={selectedCrafts.length}
          canExport={total > 0}
          columns={columns}
          onColumns={setColumns}
          onCreate={() =>
            setFormMode({ kind: 'create', library, prefill: view.material ? { material: view.material } : undefined })
          }
          onImport={() => setImporting(true)}
          onExport={(format, selectedOnly) =>
            actions.exportCrafts(library, format, selectedOnly ? selectedCrafts : undefined)
          }
          onCopySelected={() => void copy(selectedCrafts)}
          onDeleteSelected={() => remove(selectedCrafts)}
          onClearSelection={() => setSelected([])}
          onRefresh={() => void refresh()}
        />
        <div className="craft-body">
          <CraftTable
            crafts={crafts}
            total={total}
            loading={list.isFetching && (list.isPlaceholderData || !list.data)}
            view={view}
            columns={columns}
            rights={rights}
            copyLabel={copyLabel}
            selected={selectedCrafts.map((craft) => craft.id)}
            empty={empty}
            onSelectionChange={setSelected}
            onOpen={openDetail}
            onCopy={(craft) => void copy([craft])}
            onEdit={(craft) => setFormMode({ kind: 'edit', craft })}
            onDelete={(craft) => remove([craft])}
            onView={go}
          />
        </div>
      </section>
      <CraftDetailDrawer
        craft={detail.craft}
        open={detail.open}
        rights={rights}
        copyLabel={copyLabel}
        onClose={closeDetail}
        onCopy={(craft) => void copy([craft])}
        onEdit={(craft) => setFormMode({ kind: 'edit', craft })}
        onDelete={(craft) => remove([craft])}
      />
      {formMode ? (
        <CraftFormDrawer
          mode={formMode}
          facets={facets.data}
          onClose={() => setFormMode(null)}
          onSaved={(craft) => {
            setFormMode(null);
            if (detail.open && detail.craft?.id === craft.id) setDetail({ craft, open: true });
          }}
        />
      ) : null}
      {importing ? <ImportDialog library={library} facets={facets.data} onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
