import { DICT_PERMISSIONS, OPER_LOG_PERMISSIONS } from '@kerf/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/access/use-can';

/** The screens of /sysm, each shown to those whose permission lists it. */
const SCREENS = [
  { key: 'dict', permission: DICT_PERMISSIONS.list },
  { key: 'operlog', permission: OPER_LOG_PERMISSIONS.list },
] as const;

/** /sysm: one tab per screen (RuoYi's system menu), the screen below. */
export function SysmLayout() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = SCREENS.find((s) => pathname.startsWith(`/sysm/${s.key}`))?.key ?? 'dict';
  const shown = SCREENS.filter((s) => can.permission(s.permission) || s.key === current);
  return (
    <div className="sysm-page">
      <Tabs
        activeKey={current}
        onChange={(key) => void navigate(`/sysm/${key}`)}
        items={shown.map((s) => ({ key: s.key, label: t(`system.route.${s.key}`) }))}
      />
      <Outlet />
    </div>
  );
}
