import { UploadOutlined } from '@ant-design/icons';
import { DEVICE_PERMISSIONS, type DeviceInfo } from '@kerf/contract';
import { Button, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../app/access/use-can';
import './activation.css';
import { BindPanel } from './components/BindPanel';
import { ChangePanel } from './components/ChangePanel';
import { QueryPanel } from './components/QueryPanel';
import { RegistryImportDialog } from './dialogs/RegistryImportDialog';
import {
  ACTIVATION_TABS,
  type ActivationTab,
  PREFILL_PARAMS,
  prefillOf,
  tabAddress,
  tabOfPath,
} from './model/activation-address';

/**
 * Device activation (SPEC §2 /activate): three tabs over one page, each a child route — query, bind
 * (activate) and change (replace the motherboard) — every code box with a scan button. A label's QR
 * link (`/activate?code=…`, redirected to the query tab) fills in the machine code. Administrators
 * who keep the maker's register also import it here.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const can = useCan();
  const tab = tabOfPath(pathname);
  const prefill = useMemo(() => prefillOf(params), [params]);
  const [importing, setImporting] = useState(false);

  // the machine worked on becomes the address's code, so another tab (or a reload) starts from it
  const remember = (device: DeviceInfo) => {
    if (params.get(PREFILL_PARAMS.machineCode) === device.machineCode) return;
    setParams({ [PREFILL_PARAMS.machineCode]: device.machineCode }, { replace: true });
  };

  const panel =
    tab === 'bind' ? (
      <BindPanel prefill={prefill} onDone={remember} />
    ) : tab === 'change' ? (
      <ChangePanel prefill={prefill} onDone={remember} />
    ) : (
      <QueryPanel prefill={prefill} onFound={remember} />
    );

  return (
    <div className="activation">
      <section className="activation-main" aria-label={t(`activation.route.${tab}`)}>
        <Tabs
          className="activation-tabs"
          activeKey={tab}
          onChange={(key) => void navigate(tabAddress(key as ActivationTab, { machineCode: prefill.machineCode }))}
          items={ACTIVATION_TABS.map((key) => ({ key, label: t(`activation.route.${key}`) }))}
          tabBarExtraContent={
            can.permission(DEVICE_PERMISSIONS.registryImport) ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('activation.import.button')}
              </Button>
            ) : null
          }
        />
        <p className="activation-intro">{t(`activation.intro.${tab}`)}</p>
        {/* each tab starts fresh from the address: its own form, its own result */}
        <div key={tab}>{panel}</div>
      </section>
      {importing ? <RegistryImportDialog onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
