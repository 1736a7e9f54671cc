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
