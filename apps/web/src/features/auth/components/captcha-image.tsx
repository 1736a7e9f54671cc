import { ReloadOutlined } from '@ant-design/icons'
import { useT } from '../../../lib/i18n'
import { svgDataUrl } from '../api/fetch-captcha'

export interface CaptchaImageProps {
  svg: string | null
  isLoading: boolean
  isFailed: boolean
  onRefresh: () => void
}

/** The clickable captcha picture: a click asks for a new token and image. */
export function CaptchaImage({ svg, isLoading, isFailed, onRefresh }: CaptchaImageProps) {
  const t = useT()
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
      disabled={isLoading}
    >
      {svg ? (
        <img src={svgDataUrl(svg)} alt={t('login.captchaImageAlt')} data-testid="captcha-image" width={120} height={40} />
      ) : (
        <span className="captcha-image__placeholder">{isFailed ? t('login.captchaLoadFailed') : <ReloadOutlined spin={isLoading} />}</span>
      )}
    </button>
  )
}
