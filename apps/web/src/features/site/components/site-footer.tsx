import type { SiteConfig } from '@rs/shared'
import { lazy, Suspense, useRef } from 'react'
import { ChunkBoundary } from '../../../components/chunk-boundary'
import { Link } from '../../../components/link'
import { portalHomeUrl } from '../../../config/paths'
import { loadChunk } from '../../../lib/chunk-load'
import { Interpolated, OwnText, useT } from '../../../lib/i18n'
import { useNearViewport } from '../../../lib/use-near-viewport'

const FooterQrCode = lazy(() => loadChunk(() => import('./footer-qr-code')))

/** One line of labelled footer fields; fields the operator left empty are left out, and so is a line with none. */
function FooterLine({ items }: { items: Array<[key: string, value: string]> }) {
  const t = useT()
  const set = items.filter(([, value]) => value.trim() !== '')
  if (set.length === 0) return null
  return (
    <p>
      {set.map(([key, value]) => (
        <span key={key}>
          <Interpolated template={t(key)} values={{ value: <OwnText>{value}</OwnText> }} />
        </span>
      ))}
    </p>
  )
}

/**
 * The footer: app download QR code (or the portal's own address when no download address is
 * configured), operator and the contact details and filing numbers that are configured and recommended browsers.
 */
export function SiteFooter({ config }: { config: SiteConfig | undefined }) {
  const t = useT()
  const footer = config?.footer
  const qrValue = footer?.appDownloadUrl || portalHomeUrl()
  const qrLabel = footer?.appDownloadUrl ? t('footer.appDownload') : t('footer.portalQr')
  // the QR code is encoded (tens of ms of CPU, hundreds on a phone) only when the footer comes near
  // the screen, not while the page loads and React takes it over
  const qrRef = useRef<HTMLDivElement>(null)
  const showQr = useNearViewport(qrRef)
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__qr" ref={qrRef}>
          {showQr ? (
            <ChunkBoundary fallback={<span className="site-footer__qr-box" />}>
              <Suspense fallback={<span className="site-footer__qr-box" />}>
                <FooterQrCode value={qrValue} label={qrLabel} />
              </Suspense>
            </ChunkBoundary>
          ) : (
            <span className="site-footer__qr-box" />
          )}
          <span>{qrLabel}</span>
        </div>
        <div className="site-footer__text">
          {footer && (
            <>
              <p className="site-footer__owner">
                <Interpolated template={t('footer.owner')} values={{ value: <OwnText>{footer.owner}</OwnText> }} />
              </p>
              <FooterLine
                items={[
                  ['footer.address', footer.address],
                  ['footer.phone', footer.phone],
                  ['footer.email', footer.email],
                ]}
              />
              <FooterLine
                items={[
                  ['footer.icp', footer.icp],
                  ['footer.psb', footer.psb],
                ]}
              />
            </>
          )}
          <p className="site-footer__browsers">
            {t('footer.browsers')}
            <Link to="/feedback" className="site-footer__link" data-testid="footer-feedback">
              {t('feedback.link')}
            </Link>
          </p>
          {footer && (
            <p className="site-footer__copyright">
              <Interpolated
                template={t('footer.copyright')}
                values={{ year: new Date().getFullYear(), owner: <OwnText>{footer.owner}</OwnText> }}
              />
            </p>
          )}
        </div>
      </div>
    </footer>
  )
}
