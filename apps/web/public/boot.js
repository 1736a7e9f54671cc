// Runs before the first paint (a plain script in <head>, as the Content-Security-Policy allows):
// on iOS and Android the page is laid out 1200 px wide and scaled to the screen (SPEC.md §1), so a
// page the server rendered is painted at its final layout. The same rule as src/lib/platform.ts
// (detectPlatform, mobileViewportContent), which main.tsx applies again; platform.test.ts checks both agree.
;(() => {
  const ua = navigator.userAgent
  const mobile = /iPhone|iPad|iPod|Android/i.test(ua) || (/Macintosh/i.test(ua) && navigator.maxTouchPoints > 1)
  if (!mobile) return
  const width = 1200
  const scale = screen.width > 0 ? Math.min(1, Math.round((screen.width / width) * 10000) / 10000) : 1
  const meta = document.getElementById('viewport')
  if (meta) meta.setAttribute('content', `width=${width}, initial-scale=${scale}, minimum-scale=${scale}, user-scalable=yes`)
  document.documentElement.classList.add('mobile-layout')
})()

// A page the server rendered names its code with rel="rs-module" and rel="rs-modulepreload"
// (apps/server/src/lib/page-render.ts deferModules): the code is fetched once the page has painted,
// so on a slow network the HTML and its stylesheets come first. A page the browser renders has
// plain module scripts and needs nothing here.
;(() => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const inert of document.querySelectorAll('link[rel="rs-modulepreload"]')) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = inert.getAttribute('href')
      document.head.appendChild(link)
    }
    for (const inert of document.querySelectorAll('link[rel="rs-module"]')) {
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = inert.getAttribute('href')
      document.head.appendChild(script)
    }
  }
  // after the frame that paints the parsed page; the timer covers a tab that draws no frames
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0))
    setTimeout(start, 500)
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true })
  else afterPaint()
})()
