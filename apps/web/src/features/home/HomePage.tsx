import { ArrowRightOutlined, CheckCircleFilled, DesktopOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KerfLogo } from '../../app/brand/KerfLogo';
import { LinkButton } from '../../app/components/LinkButton';
import { HeroIllustration } from './HeroIllustration';
import { HomeHeader } from './HomeHeader';
import { AUDIENCE, FEATURES, WORKFLOW } from './home-content';
import './home.css';
import './home-hero.css';

/** The public landing page (SPEC §2 `/` and `/home`): what Kerf offers, and the ways in. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="home">
      <HomeHeader />

      <main>
        <section className="home-hero">
          <div className="home-container home-hero__inner">
            <div className="home-hero__copy">
              <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
              <h1 className="home-hero__title">{t('home.hero.title')}</h1>
              <p className="home-hero__subtitle">{t('home.hero.subtitle')}</p>
              <div className="home-hero__actions">
                <LinkButton
                  type="primary"
                  size="large"
                  to="/register"
                  icon={<ArrowRightOutlined />}
                  iconPlacement="end"
                >
                  {t('home.hero.register')}
                </LinkButton>
                <LinkButton size="large" ghost to="/workbench" icon={<DesktopOutlined />}>
                  {t('home.hero.workbench')}
                </LinkButton>
                <Link to="/login" className="home-hero__sign-in">
                  <LoginOutlined /> {t('home.hero.signIn')}
                </Link>
              </div>
              <p className="home-hero__note">
                <CheckCircleFilled /> {t('home.hero.note')}
              </p>
            </div>
            <HeroIllustration />
          </div>
        </section>

        <section id="features" className="home-section" aria-labelledby="features-title">
          <div className="home-container">
            <header className="home-section__header">
              <h2 id="features-title">{t('home.features.title')}</h2>
              <p>{t('home.features.subtitle')}</p>
            </header>
            <ul className="home-features">
              {FEATURES.map((feature) => (
                <li key={feature.key} className="home-feature">
                  <span className="home-feature__icon">{feature.icon}</span>
                  <h3>{t(feature.titleKey)}</h3>
                  <p>{t(feature.textKey)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="workflow" className="home-section home-section--tinted" aria-labelledby="workflow-title">
          <div className="home-container">
            <header className="home-section__header">
              <h2 id="workflow-title">{t('home.workflow.title')}</h2>
            </header>
            <ol className="home-steps">
              {WORKFLOW.map((step, index) => (
                <li key={step.key} className="home-step">
                  <span className="home-step__number">{index + 1}</span>
                  <span className="home-step__icon">{step.icon}</span>
                  <h3>{t(step.titleKey)}</h3>
                  <p>{t(step.textKey)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="audience" className="home-section" aria-labelledby="audience-title">
          <div className="home-container">
            <header className="home-section__header">
              <h2 id="audience-title">{t('home.audience.title')}</h2>
            </header>
            <ul className="home-audience">
              {AUDIENCE.map((who) => (
                <li key={who.key}>
                  <span className="home-audience__icon">{who.icon}</span>
                  <div>
                    <h3>{t(who.titleKey)}</h3>
                    <p>{t(who.textKey)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="home-cta" aria-labelledby="cta-title">
          <div className="home-container">
            <div className="home-cta__inner">
              <div>
                <h2 id="cta-title">{t('home.cta.title')}</h2>
                <p>{t('home.cta.text')}</p>
              </div>
              <div className="home-cta__actions">
                <LinkButton size="large" to="/register" className="home-cta__primary">
                  {t('home.hero.register')}
                </LinkButton>
                <LinkButton size="large" ghost to="/workbench">
                  {t('home.hero.workbench')}
                </LinkButton>
              </div>
            </div>
          </div>
        </section>
      </main>

      <footer className="home-footer">
        <div className="home-container home-footer__inner">
          <KerfLogo size={22} />
          <nav className="home-footer__links">
            <Link to="/help">{t('home.footer.help')}</Link>
            <Link to="/workbench">{t('home.footer.workbench')}</Link>
          </nav>
          <span className="home-footer__copyright">
            {t('home.footer.copyright', { year: new Date().getFullYear() })}
          </span>
        </div>
      </footer>
    </div>
  );
}
