import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'

/** The home page's banner: a title, one sentence and a slot for the visit figure. */
export function WelcomeBanner({ aside }: { aside?: ReactNode }) {
  const t = useT()
  return (
    <section className="welcome-banner">
      <svg className="welcome-banner__art" viewBox="0 0 400 200" aria-hidden="true" focusable="false">
        <circle cx="320" cy="230" r="170" fill="#ffffff" opacity="0.06" />
        <circle cx="320" cy="230" r="120" fill="#ffffff" opacity="0.07" />
        <ellipse cx="300" cy="120" rx="150" ry="38" transform="rotate(-18 300 120)" fill="none" stroke="#ffffff" strokeOpacity="0.35" />
        <ellipse cx="300" cy="120" rx="110" ry="26" transform="rotate(-18 300 120)" fill="none" stroke="#ffffff" strokeOpacity="0.22" />
        <g transform="translate(378 66) rotate(-18)" fill="#ffffff" opacity="0.85">
          <rect x="-4" y="-4" width="8" height="8" rx="1.5" />
          <rect x="-17" y="-2.5" width="11" height="5" />
          <rect x="6" y="-2.5" width="11" height="5" />
        </g>
      </svg>
      <div className="welcome-banner__text">
        <h1>{t('home.welcomeTitle')}</h1>
        <p>{t('home.welcomeText')}</p>
      </div>
      {aside && <div className="welcome-banner__aside">{aside}</div>}
    </section>
  )
}
