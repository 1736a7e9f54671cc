import { MOBILE_REFERENCE_WIDTH_PX } from '@rs/shared'

/** The platforms SPEC.md §1 tells apart. */
export type Platform = 'IOS' | 'Android' | 'PC'

/**
 * Platform from a user-agent string. iPadOS 13+ reports itself as a Mac; it is caught by its touch
 * points when those are given.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'IOS'
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'IOS'
  if (/Android/i.test(userAgent)) return 'Android'
  return 'PC'
}

/** Viewport content that lays the page out 1200 px wide and scales it to the device width. */
export function mobileViewportContent(deviceWidthPx: number, referenceWidthPx: number = MOBILE_REFERENCE_WIDTH_PX): string {
  const scale = deviceWidthPx > 0 ? Math.min(1, Math.round((deviceWidthPx / referenceWidthPx) * 10_000) / 10_000) : 1
  return `width=${referenceWidthPx}, initial-scale=${scale}, minimum-scale=${scale}, user-scalable=yes`
}

/** On IOS and Android, rewrites the viewport meta tag (id "viewport") to the 1200 px layout. */
export function applyMobileViewport(doc: Document = document, nav: Navigator = navigator, screenWidthPx = screen.width): Platform {
  const platform = detectPlatform(nav.userAgent, nav.maxTouchPoints)
  if (platform === 'PC') return platform
  const meta = doc.getElementById('viewport')
  if (meta) meta.setAttribute('content', mobileViewportContent(screenWidthPx))
  // the scaled layout viewport is far taller than the screen: the page must not stretch to it
  doc.documentElement.classList.add('mobile-layout')
  return platform
}

/**
 * Device pixels per CSS pixel a map canvas needs. On a phone the 1200 px layout is shown scaled
 * down to the screen (initial-scale = screen width / 1200), so a CSS pixel covers
 * devicePixelRatio × scale device pixels: drawing at the full devicePixelRatio would paint about
 * 1 / scale² times the pixels the screen can show. Never below 1, so the map stays sharp when
 * the visitor pinches in.
 */
export function canvasPixelRatio(
  devicePixelRatio: number,
  mobileLayout: boolean,
  screenWidthPx: number,
  referenceWidthPx: number = MOBILE_REFERENCE_WIDTH_PX,
): number {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1
  if (!mobileLayout || screenWidthPx <= 0) return ratio
  return Math.max(1, ratio * Math.min(1, screenWidthPx / referenceWidthPx))
}

/** canvasPixelRatio of this browser: its devicePixelRatio, scaled down when the mobile layout is on. */
export function currentCanvasPixelRatio(): number {
  if (typeof window === 'undefined') return 1
  return canvasPixelRatio(window.devicePixelRatio, document.documentElement.classList.contains('mobile-layout'), screen.width)
}
