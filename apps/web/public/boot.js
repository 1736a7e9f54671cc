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
  // once the first contentful paint is on the screen: its entry is reported after the frame is
  // presented, while a frame callback can run 50–70 ms before that (and the code then competes
  // with the paint). Without paint timing, after the next frame; a hidden tab paints nothing and
  // starts at once; the timers cover a tab that draws no frames.
  const afterPaint = () => {
    if (document.visibilityState === 'hidden') return start()
    const paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint')
    if (paintTiming) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        setTimeout(start, 0)
      })
      observer.observe({ type: 'paint', buffered: true })
      setTimeout(start, 3000)
    } else {
      requestAnimationFrame(() => setTimeout(start, 0))
      setTimeout(start, 500)
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true })
  else afterPaint()
})()

// A control clicked on a page the server rendered, before the app has taken the page over (main.tsx
// marks <html data-interactive> then; seconds on a slow phone), would do nothing: the click is held
// here instead, the control shows it is busy (aria-busy, a progress cursor: styles.css), and the
// click is replayed on it once the page is interactive (the last one, if several). Hydration keeps the element; a page the
// browser renders afresh (a session token, another language) has a new one, found by the same
// data-replay (else data-testid) value. Links are left alone: they work without the app.
;(() => {
  const CONTROLS =
    'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"], input[type="submit"], [data-replay]'
  const TICKS = 'input[type="checkbox"], input[type="radio"]'
  // the control a click is meant for; a label counts when it holds a tick box (antd's radio buttons)
  const controlOf = (target) => {
    if (!(target instanceof Element)) return null
    const control = target.closest(CONTROLS)
    if (control) return control
    const label = target.closest('label')
    if (!label) return null
    return label.querySelector(TICKS) ? label : null
  }
  const html = document.documentElement
  const interactive = () => html.dataset.interactive === 'true'
  let held = null
  const markerOf = (element) => {
    for (const name of ['data-replay', 'data-testid']) {
      const value = element.getAttribute(name)
      if (value) return `[${name}="${CSS.escape(value)}"]`
    }
    return null
  }
  const replay = () => {
    html.classList.remove('rs-waiting')
    if (!held) return
    const element = held
    held = null
    element.removeAttribute('aria-busy')
    element.classList.remove('rs-held')
    const marker = element.isConnected ? null : markerOf(element)
    const target = element.isConnected ? element : marker ? document.querySelector(`#root ${marker}`) : null
    if (target && !target.disabled && target.getAttribute('aria-disabled') !== 'true') target.click()
  }
  document.addEventListener(
    'click',
    (event) => {
      if (interactive()) return
      const root = document.getElementById('root')
      const control = controlOf(event.target)
      if (!root || !control || !root.contains(control)) return
      if (!root.hasAttribute('data-prerendered')) return
      if (control.disabled || control.getAttribute('aria-disabled') === 'true') return
      event.preventDefault()
      event.stopImmediatePropagation()
      if (held && held !== control) {
        held.removeAttribute('aria-busy')
        held.classList.remove('rs-held')
      }
      held = control
      control.setAttribute('aria-busy', 'true')
      control.classList.add('rs-held')
      html.classList.add('rs-waiting')
    },
    true,
  )
  new MutationObserver(() => {
    if (interactive()) replay()
  }).observe(html, { attributes: true, attributeFilter: ['data-interactive'] })
})()
