import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { canvasPixelRatio, detectPlatform, mobileViewportContent } from './platform'

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
}

describe('detectPlatform', () => {
  it('recognises iPhone and iPad as IOS', () => {
    expect(detectPlatform(UA.iphone)).toBe('IOS')
    expect(detectPlatform(UA.ipad)).toBe('IOS')
  })

  it('recognises an iPad that reports itself as a Mac by its touch points', () => {
    expect(detectPlatform(UA.ipadDesktop, 5)).toBe('IOS')
    expect(detectPlatform(UA.ipadDesktop, 0)).toBe('PC')
  })

  it('recognises Android phones', () => {
    expect(detectPlatform(UA.android)).toBe('Android')
  })

  it('treats desktop browsers as PC', () => {
    expect(detectPlatform(UA.windows)).toBe('PC')
    expect(detectPlatform(UA.ie11)).toBe('PC')
    expect(detectPlatform(UA.linux)).toBe('PC')
    expect(detectPlatform('')).toBe('PC')
  })
})

describe('mobileViewportContent', () => {
  it('scales a 390 px phone to the 1200 px layout', () => {
    expect(mobileViewportContent(390)).toBe('width=1200, initial-scale=0.325, minimum-scale=0.325, user-scalable=yes')
  })

  it('never scales above 1 and survives a zero width', () => {
    expect(mobileViewportContent(1600)).toContain('initial-scale=1,')
    expect(mobileViewportContent(0)).toContain('initial-scale=1,')
  })
})

describe('canvasPixelRatio', () => {
  it('keeps the device ratio on a desktop layout', () => {
    expect(canvasPixelRatio(2, false, 1440)).toBe(2)
    expect(canvasPixelRatio(1.25, false, 390)).toBe(1.25)
  })

  it("draws a phone's scaled 1200 px layout at the pixels its screen shows, never below 1", () => {
    // 412 px at 1.75: a CSS pixel of the layout covers 1.75 × 412 / 1200 ≈ 0.6 device pixels
    expect(canvasPixelRatio(1.75, true, 412)).toBe(1)
    // 430 px at 3: 3 × 430 / 1200 = 1.075
    expect(canvasPixelRatio(3, true, 430)).toBeCloseTo(1.075, 6)
    // a tablet wider than the layout is not scaled
    expect(canvasPixelRatio(2, true, 1366)).toBe(2)
  })

  it('survives a missing ratio or width', () => {
    expect(canvasPixelRatio(0, true, 390)).toBe(1)
    expect(canvasPixelRatio(2, true, 0)).toBe(2)
  })
})

describe('public/boot.js', () => {
  const boot = readFileSync(new URL('../../public/boot.js', import.meta.url), 'utf8')
  /** Runs boot.js as the browser would, with this user agent and screen width; answers the viewport and the class. */
  function runBoot(
    userAgent: string,
    maxTouchPoints: number,
    screenWidth: number,
    inert: Array<[rel: string, href: string]> = [],
    extra: Record<string, unknown> = {},
  ) {
    const attributes: Record<string, string> = {}
    const classes: string[] = []
    const added: Array<Record<string, string>> = []
    const meta = { setAttribute: (name: string, value: string) => (attributes[name] = value) }
    const document = {
      getElementById: () => meta,
      documentElement: { classList: { add: (c: string) => classes.push(c) } },
      // parsed already: the code of a rendered page is asked for after the next frame
      readyState: 'complete',
      querySelectorAll: (selector: string) =>
        inert.filter(([rel]) => selector.includes(`"${rel}"`)).map(([, href]) => ({ getAttribute: () => href })),
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Record<string, string>) => added.push({ ...element }) },
      // the held clicks of a rendered page (tested in app/held-click.test.tsx)
      addEventListener: () => {},
    }
    const now = (callback: () => void) => callback()
    runInNewContext(boot, {
      navigator: { userAgent, maxTouchPoints },
      screen: { width: screenWidth },
      document,
      Math,
      requestAnimationFrame: now,
      setTimeout: now,
      MutationObserver: class {
        observe() {}
      },
      ...extra,
    })
    return { viewport: attributes.content, classes, added }
  }

  it('sets the same 1200 px viewport as mobileViewportContent before the first paint, on phones and tablets only', () => {
    expect(runBoot(UA.iphone, 5, 375)).toMatchObject({ viewport: mobileViewportContent(375), classes: ['mobile-layout'] })
    expect(runBoot(UA.android, 5, 412)).toMatchObject({ viewport: mobileViewportContent(412), classes: ['mobile-layout'] })
    expect(runBoot(UA.ipadDesktop, 5, 1024)).toMatchObject({ viewport: mobileViewportContent(1024), classes: ['mobile-layout'] })
    expect(runBoot(UA.windows, 0, 1920)).toMatchObject({ viewport: undefined, classes: [] })
    expect(runBoot(UA.ipadDesktop, 0, 1440)).toMatchObject({ viewport: undefined, classes: [] })
  })

  it('asks for a rendered page’s code after the first frame: the preloads, then the module script, once', () => {
    const { added } = runBoot(UA.windows, 0, 1920, [
      ['rs-modulepreload', '/chinese/assets/vendor-1.js'],
      ['rs-module', '/chinese/assets/index-1.js'],
    ])
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/chinese/assets/vendor-1.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/chinese/assets/index-1.js' },
    ])
    // a page the browser renders has plain module scripts: nothing to add
    expect(runBoot(UA.windows, 0, 1920).added).toEqual([])
  })

  it('with paint timing, asks for the code only once the first contentful paint is reported', () => {
    const observers: Array<(list: { getEntriesByName: (name: string) => unknown[] }) => void> = []
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint']
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        observers.push(callback)
      }
      observe() {}
      disconnect() {}
    }
    const timers: Array<[() => void, number]> = []
    const { added } = runBoot(UA.android, 5, 412, [['rs-module', '/chinese/assets/index-1.js']], {
      PerformanceObserver: FakeObserver,
      setTimeout: (callback: () => void, ms: number) => timers.push([callback, ms]),
    })
    expect(observers).toHaveLength(1)
    // only the fallback timer so far: nothing asked for before the paint
    expect(timers.map(([, ms]) => ms)).toEqual([3000])
    expect(added).toEqual([])
    observers[0]?.({ getEntriesByName: () => [] })
    expect(timers).toHaveLength(1)
    observers[0]?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) })
    for (const [callback] of timers) callback()
    expect(added).toEqual([{ tag: 'script', type: 'module', crossOrigin: '', src: '/chinese/assets/index-1.js' }])
  })
})
