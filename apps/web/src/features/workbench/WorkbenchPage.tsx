import {
  ApiOutlined,
  CloudServerOutlined,
  ExperimentOutlined,
  HighlightOutlined,
  LoginOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { Card, Empty, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../app/access/use-can';
import { KerfMark } from '../../app/brand/KerfLogo';
import { LinkButton } from '../../app/components/LinkButton';
import type { TranslationKey } from '../../i18n/i18n';
import { useSession } from '../../stores/session-store';
import { DrivePage } from '../drive/DrivePage';
import './workbench.css';

/** The other parts of Kerf, each a click away from the welcome (most ask to sign in first). */
const MODULES: Array<{ key: string; icon: ReactNode; titleKey: TranslationKey; to: string }> = [
  { key: 'editor', icon: <HighlightOutlined />, titleKey: 'home.features.editor.title', to: '/design' },
  { key: 'gallery', icon: <PictureOutlined />, titleKey: 'home.features.gallery.title', to: '/store/gallery' },
  { key: 'craft', icon: <ExperimentOutlined />, titleKey: 'home.features.craft.title', to: '/craft' },
  { key: 'devices', icon: <ApiOutlined />, titleKey: 'home.features.devices.title', to: '/device' },
];

/** The drive's permission (SPEC §6); the workbench menu entries ask for the same one. */
const DRIVE_PERMISSION = 'drive:file:list';

/**
 * /workbench: the signed-in person's drive. The route is public (SPEC §2), so a visitor who is not
 * signed in sees a welcome that says what the workbench holds and how to get in.
 */
export function WorkbenchPage() {
  const signedIn = useSession((s) => s.user !== null);
  const canUseDrive = useCan().permission(DRIVE_PERMISSION);
  return signedIn && canUseDrive ? <DrivePage /> : <WorkbenchWelcome signedIn={signedIn} />;
}

function WorkbenchWelcome({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="workbench">
      <Card className="workbench__welcome" variant="borderless">
        <div className="workbench__welcome-body">
          <KerfMark size={48} />
          <div>
            <Typography.Title level={3} className="workbench__title">
              {t('workbench.greeting')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="workbench__intro">
              {t('workbench.intro')}
            </Typography.Paragraph>
          </div>
        </div>
      </Card>

      <div className="workbench__grid">
        <Card className="workbench__empty" variant="borderless">
          <Empty
            image={<CloudServerOutlined className="workbench__drive-icon" />}
            description={
              <>
                <Typography.Title level={5}>{t('drive.signedOut.title')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('drive.signedOut.text')}</Typography.Paragraph>
              </>
            }
          >
            <Space wrap>
              {signedIn ? null : (
                <>
                  <LinkButton type="primary" icon={<LoginOutlined />} to="/login">
                    {t('drive.signedOut.signIn')}
                  </LinkButton>
                  <LinkButton to="/register">{t('drive.signedOut.register')}</LinkButton>
                </>
              )}
              <LinkButton icon={<QuestionCircleOutlined />} to="/help">
                {t('workbench.helpLink')}
              </LinkButton>
            </Space>
          </Empty>
        </Card>

        <Card className="workbench__coming" title={t('workbench.modulesTitle')} variant="borderless">
          <ul className="workbench__coming-list">
            {MODULES.map((item) => (
              <li key={item.key}>
                <span className="workbench__coming-icon">{item.icon}</span>
                <Link className="workbench__coming-name" to={item.to}>
                  {t(item.titleKey)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
