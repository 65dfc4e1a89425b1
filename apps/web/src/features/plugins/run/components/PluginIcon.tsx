import { AppstoreOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { pluginIconUrl } from '../../../../api/plugins-api';
import './plugin-icon.css';

/** A plugin's icon (served inert by Kerf), or a generic one when it has none or it fails to load. */
export function PluginIcon({
  id,
  version,
  hasIcon,
  size = 40,
}: {
  id: string;
  version: string | null;
  hasIcon: boolean;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size };
  if (!hasIcon || !version || broken) {
    return (
      <span className="plugin-icon plugin-icon--none" style={{ ...style, fontSize: size * 0.5 }} aria-hidden>
        <AppstoreOutlined />
      </span>
    );
  }
  return (
    <img
      className="plugin-icon"
      style={style}
      src={pluginIconUrl(id, version)}
      alt=""
      onError={() => setBroken(true)}
    />
  );
}
