import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../app/motion/use-reduced-motion';

/** A 12-tooth gear outline: the part being cut. */
const GEAR =
  'M240 140 L245.8 126.2 L259.2 128.5 L260 143.4 L270 148 L281.9 139 L292.3 147.7 L285.6 161 L292 170 L306.8 168.1 L311.5 180.8 L299 189.1 L300 200 L313.8 205.8 L311.5 219.2 L296.6 220 L292 230 L301 241.9 L292.3 252.3 L279 245.6 L270 252 L271.9 266.8 L259.2 271.5 L250.9 259 L240 260 L234.2 273.8 L220.8 271.5 L220 256.6 L210 252 L198.1 261 L187.7 252.3 L194.4 239 L188 230 L173.2 231.9 L168.5 219.2 L181 210.9 L180 200 L166.2 194.2 L168.5 180.8 L183.4 180 L188 170 L179 158.1 L187.7 147.7 L201 154.4 L210 148 L208.1 133.2 L220.8 128.5 L229.1 141 Z';
const GEAR_LENGTH = 653;
const CUT_SECONDS = '7s';

/**
 * The hero picture: a laser head tracing a gear out of a wooden sheet on a machine bed, with two
 * chips in the style of the product. Text is HTML over the SVG so it is translated and selectable.
 */
export function HeroIllustration() {
  const { t } = useTranslation();
  const still = useReducedMotion();
  return (
    <figure className="hero-art" aria-label={t('home.hero.illustration')}>
      <svg viewBox="30 50 420 290" className="hero-art__svg" aria-hidden="true" focusable="false">
        <defs>
          <pattern id="hero-bed-grid" width="14" height="14" patternUnits="userSpaceOnUse">
            <circle cx="7" cy="7" r="1.1" fill="#2c3a4d" />
          </pattern>
          <linearGradient id="hero-sheet" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#e7cfa4" />
            <stop offset="1" stopColor="#cfa874" />
          </linearGradient>
          <filter id="hero-glow" x="-100%" y="-100%" width="300%" height="300%">
            <feGaussianBlur stdDeviation="5" />
          </filter>
        </defs>

        <rect x="40" y="60" width="400" height="270" rx="18" fill="#141c27" stroke="#2a3647" strokeWidth="2" />
        <rect x="52" y="72" width="376" height="246" rx="10" fill="url(#hero-bed-grid)" />

        <rect x="92" y="102" width="296" height="196" rx="4" fill="url(#hero-sheet)" />
        <g fill="none" stroke="#5b3d1c" strokeWidth="2" strokeLinejoin="round">
          <path d="M138 128 l5.3 10.8 11.9 1.7-8.6 8.4 2 11.8-10.6-5.6-10.6 5.6 2-11.8-8.6-8.4 11.9-1.7z" />
          <rect x="318" y="242" width="46" height="30" rx="6" />
          <circle cx="342" cy="142" r="17" />
          <circle cx="240" cy="200" r="20" />
        </g>
        <path d={GEAR} fill="none" stroke="#7a5a33" strokeWidth="1.4" strokeDasharray="4 5" opacity="0.55" />
        <path
          d={GEAR}
          fill="none"
          stroke="#3a2612"
          strokeWidth="2.4"
          strokeLinejoin="round"
          strokeDasharray={GEAR_LENGTH}
          strokeDashoffset={still ? 0 : GEAR_LENGTH}
        >
          {still ? null : (
            <animate
              attributeName="stroke-dashoffset"
              from={GEAR_LENGTH}
              to="0"
              dur={CUT_SECONDS}
              repeatCount="indefinite"
            />
          )}
        </path>

        <g transform={still ? 'translate(240 140)' : undefined}>
          {still ? null : <animateMotion path={GEAR} dur={CUT_SECONDS} repeatCount="indefinite" />}
          <circle r="13" className="hero-art__glow" filter="url(#hero-glow)" />
          <line x1="0" y1="-30" x2="0" y2="0" className="hero-art__beam" strokeWidth="2.5" strokeLinecap="round" />
          <path d="M-12 -52 h24 l-6 16 h-12 z" fill="#e9edf2" stroke="#98a4b3" strokeWidth="1.2" />
          <rect x="-16" y="-60" width="32" height="9" rx="2.5" fill="#c9d1db" />
          <circle r="3.2" fill="#ffffff" />
        </g>
      </svg>

      <div className="hero-chip hero-chip--craft" aria-hidden="true">
        <ExperimentOutlined className="hero-chip__icon" />
        <span>
          <span className="hero-chip__label">{t('home.hero.chipCraftLabel')}</span>
          {t('home.hero.chipCraft')}
        </span>
      </div>
      <div className="hero-chip hero-chip--device" aria-hidden="true">
        <span className="hero-chip__dot" />
        <span>
          <span className="hero-chip__label">{t('home.hero.chipDeviceLabel')}</span>
          {t('home.hero.chipDevice')}
        </span>
      </div>
    </figure>
  );
}
