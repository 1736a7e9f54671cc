import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'

/** The home page's banner: what the portal is for, and a slot for the key figures. */
export function WelcomeBanner({ figures }: { figures?: ReactNode }) {
  const t = useT()
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <svg className="home-hero__art" viewBox="0 0 480 240" aria-hidden="true" focusable="false">
        <circle cx="400" cy="300" r="210" fill="#ffffff" opacity="0.05" />
        <circle cx="400" cy="300" r="150" fill="#ffffff" opacity="0.06" />
        <ellipse cx="360" cy="130" rx="180" ry="44" transform="rotate(-16 360 130)" fill="none" stroke="#ffffff" strokeOpacity="0.3" />
        <ellipse cx="360" cy="130" rx="130" ry="30" transform="rotate(-16 360 130)" fill="none" stroke="#ffffff" strokeOpacity="0.18" />
        <g transform="translate(452 72) rotate(-16)" fill="#ffffff" opacity="0.85">
          <rect x="-4" y="-4" width="8" height="8" rx="1.5" />
          <rect x="-17" y="-2.5" width="11" height="5" />
          <rect x="6" y="-2.5" width="11" height="5" />
        </g>
      </svg>
      <div className="home-hero__text">
        <p className="home-hero__tag">{t('home.welcomeTag')}</p>
        <h1 id="home-hero-title">{t('home.welcomeTitle')}</h1>
        <p className="home-hero__lead">{t('home.welcomeText')}</p>
      </div>
      {figures}
    </section>
  )
}
