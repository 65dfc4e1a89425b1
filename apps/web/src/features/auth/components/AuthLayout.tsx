import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KerfLogo } from '../../../app/brand/KerfLogo';
import { LanguageSwitch } from '../../../app/preferences/LanguageSwitch';
import '../auth.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** `phone`: the full-screen layout of /mobile/login; `card`: a centred card on the brand background. */
  variant?: 'card' | 'phone';
}

/** The frame of every sign-in page: brand background, logo home link, language switch, one card. */
export function AuthLayout({ title, subtitle, children, variant = 'card' }: AuthLayoutProps) {
  const { t } = useTranslation();
  const head = (
    <div className="auth-card__head">
      <h1 id="auth-title" className="auth-card__title">
        {title}
      </h1>
      {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
    </div>
  );
  return (
    <div className={`auth-page auth-page--${variant}`}>
      <header className="auth-page__bar">
        <Link to="/" className="auth-page__brand" aria-label={t('auth.backHome')}>
          <KerfLogo size={30} />
        </Link>
        <LanguageSwitch compact={variant === 'phone'} />
      </header>
      <main className="auth-page__main">
        {/* On a phone the heading sits on the brand background above the sheet; in a card, inside it. */}
        {variant === 'phone' ? head : null}
        <section className="auth-card" aria-labelledby="auth-title">
          {variant === 'card' ? head : null}
          {children}
        </section>
      </main>
      <footer className="auth-page__foot">{t('auth.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
