import type { TypicalImage } from '@rs/shared'
import { Image } from 'antd'
import type { ReactNode } from 'react'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'
import { satellitePageOf } from '../../../lib/satellite-path'

export interface TypicalImageCardProps {
  image: TypicalImage
  /** The editor's buttons (MOD_002 only). */
  actions?: ReactNode
}

/** One sample: the picture (click for the large view), title, what it shows, how it was taken, and whether it is an illustration or a credited real image. */
export function TypicalImageCard({ image, actions }: TypicalImageCardProps) {
  const t = useT()
  const kind = t(image.illustration ? 'typicalImagePage.illustrationBadge' : 'typicalImagePage.realBadge')
  return (
    <article className="typical-card" data-testid={`typical-${image.key}`}>
      <div className="typical-card__figure">
        <Image
          src={image.imageUrl}
          alt={t('typicalImagePage.imageAlt', { title: image.title, kind })}
          title={t('typicalImagePage.zoomHint')}
          rootClassName="typical-card__image"
          loading="lazy"
        />
        <span className={`typical-card__badge typical-card__badge--${image.illustration ? 'illustration' : 'real'}`}>{kind}</span>
      </div>
      <div className="typical-card__body">
        <h3 className="typical-card__title">{image.title}</h3>
        <p className="typical-card__sensor">{t('typicalImagePage.sensor', { sensor: image.sensor })}</p>
        {image.illustration ? (
          <p className="typical-card__notice" role="note" data-testid="typical-illustration-notice">
            {t('typicalImagePage.illustrationNotice')}
          </p>
        ) : (
          image.credit && (
            <p className="typical-card__credit" data-testid="typical-credit">
              {t('typicalImagePage.credit', { credit: image.credit })}
            </p>
          )
        )}
        <dl className="typical-card__facts">
          <dt>{t('typicalImagePage.shows')}</dt>
          <dd>{image.shows}</dd>
          <dt>{t('typicalImagePage.howTaken')}</dt>
          <dd>{image.howTaken}</dd>
        </dl>
        <footer className="typical-card__foot">
          <Link to={satellitePageOf(image.slug)}>{t('typicalImagePage.satellitePage', { name: image.satellite })} ›</Link>
          {actions && <span className="typical-card__actions">{actions}</span>}
        </footer>
      </div>
    </article>
  )
}
