import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KerfLogo } from '../../app/brand/KerfLogo';
import { LinkButton } from '../../app/components/LinkButton';
import { UserMenu } from '../../app/layout/UserMenu';
import { LanguageSwitch } from '../../app/preferences/LanguageSwitch';
import type { TranslationKey } from '../../i18n/i18n';
import { useSession } from '../../stores/session-store';

const SECTIONS: Array<{ id: string; labelKey: TranslationKey }> = [
  { id: 'features', labelKey: 'home.nav.features' },
  { id: 'workflow', labelKey: 'home.nav.workflow' },
  { id: 'audience', labelKey: 'home.nav.audience' },
];

/**
 * In-page links scroll with JavaScript rather than #hash links, because a hash change is a router
 * navigation here and every navigation starts at the top of the page.
 */
function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function HomeHeader() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  return (
    <header className="home-header">
      <div className="home-container home-header__inner">
        <Link to="/" className="home-header__brand" aria-label={t('route.home')}>
          <KerfLogo size={30} />
        </Link>
        <nav className="home-header__nav" aria-label={t('route.home')}>
          {SECTIONS.map((section) => (
            <button key={section.id} type="button" onClick={() => scrollToSection(section.id)}>
              {t(section.labelKey)}
            </button>
          ))}
          <Link to="/help">{t('route.help')}</Link>
        </nav>
        <div className="home-header__actions">
          <LanguageSwitch />
          {signedIn ? (
            <>
              <LinkButton type="primary" to="/workbench?fileType=0">
                {t('home.hero.workbench')}
              </LinkButton>
              <UserMenu compact />
            </>
          ) : (
            <>
              <LinkButton type="text" className="home-header__sign-in" to="/login">
                {t('nav.signIn')}
              </LinkButton>
              <LinkButton type="primary" to="/register">
                {t('nav.register')}
              </LinkButton>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
