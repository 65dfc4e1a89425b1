import { SafetyCertificateOutlined } from '@ant-design/icons';
import { type Locale, PLUGIN_PERMISSION_LABELS, type PluginPermission } from '@kerf/contract';

/** The permissions a plugin asks for, in the contract's words, one a line. */
export function PermissionList({ permissions, locale }: { permissions: readonly PluginPermission[]; locale: Locale }) {
  return (
    <ul className="plugins-manage__permissions">
      {permissions.map((permission) => (
        <li key={permission}>
          <SafetyCertificateOutlined aria-hidden />
          <span>{PLUGIN_PERMISSION_LABELS[permission][locale]}</span>
        </li>
      ))}
    </ul>
  );
}
