import { CloudOutlined, LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { KerfLogo } from '../../../app/brand/KerfLogo';
import { LinkButton } from '../../../app/components/LinkButton';
import { preRoute } from '../../../app/guards/pre-route';
import { loginPathFor } from '../../../app/guards/session-guards';
import { UserMenu } from '../../../app/layout/UserMenu';
import { useMediaQuery } from '../../../app/media/use-media-query';
import { LanguageSwitch } from '../../../app/preferences/LanguageSwitch';
import { useSession } from '../../../stores/session-store';
import '../../auth/auth.css';
import './share-page.css';

/** Signing in from a share comes back to it (SPEC §2 preRoute). */
export function useSignInAndReturn() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return () => {
    preRoute.save(`${pathname}${search}${hash}`);
    void navigate(loginPathFor(typeof navigator === 'undefined' ? '' : navigator.userAgent));
  };
}

/**
 * The frame of the public share page: the brand background of the sign-in pages, the logo home link,
 * the language switch and the visitor's way in (or to their own drive), then the page's card.
 */
export function SharePageFrame({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const phone = useMediaQuery('(max-width: 575.98px)');
  const signIn = useSignInAndReturn();
  return (
    <div className="auth-page share-page">
      <header className="auth-page__bar share-page__bar">
        <Link to="/" className="auth-page__brand" aria-label={t('auth.backHome')}>
          <KerfLogo size={30} />
        </Link>
        <div className="share-page__actions">
          <LanguageSwitch compact={phone} />
          {signedIn ? (
            <>
              <LinkButton
                type="text"
                icon={<CloudOutlined />}
                to="/workbench?fileType=0"
                aria-label={t('share.page.myDrive')}
              >
                {phone ? null : t('share.page.myDrive')}
              </LinkButton>
              <UserMenu compact />
            </>
          ) : (
            <Button type="primary" icon={<LoginOutlined />} onClick={signIn}>
              {t('nav.signIn')}
            </Button>
          )}
        </div>
      </header>
      <main className={wide ? 'share-page__main is-wide' : 'share-page__main'}>{children}</main>
      <footer className="auth-page__foot">{t('auth.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
