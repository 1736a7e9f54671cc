import { VerticalAlignTopOutlined } from '@ant-design/icons'
import { BACK_TO_TOP_OFFSET_PX } from '@rs/shared'
import { useEffect, useState } from 'react'
import { useT } from '../lib/i18n'

/** Round button at the bottom right that appears after 300 px of scrolling. */
export function BackToTop() {
  const t = useT()
  const [isVisible, setIsVisible] = useState(false)

  useEffect(() => {
    const handleScroll = () => setIsVisible(window.scrollY > BACK_TO_TOP_OFFSET_PX)
    // the first look in the next frame: read here, scrollY lays the page out inside React's first
    // commit (50 ms of a mid-range phone's main thread on the home page), in a frame it is laid out anyway
    const first = requestAnimationFrame(handleScroll)
    window.addEventListener('scroll', handleScroll, { passive: true })
    return () => {
      cancelAnimationFrame(first)
      window.removeEventListener('scroll', handleScroll)
    }
  }, [])

  if (!isVisible) return null
  return (
    <button
      type="button"
      className="back-to-top"
      data-testid="back-to-top"
      title={t('backTop')}
      aria-label={t('backTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <VerticalAlignTopOutlined />
    </button>
  )
}
