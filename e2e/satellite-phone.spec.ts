import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { accessibilityViolations, chineseOnEnglishPage, expect, test, watchPage } from './support'

/*
 * The satellite pages on a 375 px phone (issue: every detail page was 875–1,031 px wide). The
 * context is a narrow window with a phone's pixel density, not an emulated mobile browser: a
 * mobile user agent gets SPEC §1's 1200 px layout viewport from public/boot.js, which would hide
 * any overflow below 1200 px. What overflows here overflows on a phone once that rule goes.
 */
const PHONE = { width: 375, height: 812 }
test.use({ viewport: PHONE, deviceScaleFactor: 3 })

/** What makes the document wider than the window, measured in the page. */
interface Overflow {
  scrollWidth: number
  innerWidth: number
  /** The element reaching furthest right that no clipping ancestor contains (the outermost of its chain), as a short selector path. */
  widest?: { path: string; right: number; width: number }
  /** The innermost element reaching as far: the content that pushes the others out. */
  cause?: { path: string; right: number; width: number }
}

async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const vw = window.innerWidth
    const label = (el: Element) => {
      const testId = el.getAttribute('data-testid')
      const cls = [...el.classList].slice(0, 2).join('.')
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls ? `.${cls}` : ''}`
    }
    const path = (el: Element) => {
      const parts: string[] = []
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(label(e))
      return parts.join(' > ')
    }
    // an element inside a scrolling or clipping box that itself fits does not widen the document
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflowX = getComputedStyle(a).overflowX
        if (overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true
      }
      return false
    }
    let widest: Overflow['widest']
    let cause: Overflow['cause']
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.right <= vw + 1 || clipped(el)) continue
      const found = { path: path(el), right: Math.round(rect.right), width: Math.round(rect.width) }
      // in document order: the first at the furthest right is the outermost box, the last the innermost
      if (!widest || rect.right > widest.right + 0.5) {
        widest = found
        cause = found
      } else if (rect.right >= widest.right - 0.5) cause = found
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, widest, cause }
  })
}

test.describe('satellite pages on a 375 px phone', () => {
  // in English (longer words than Chinese), which the walk of every route (english.spec.ts) leaves to this one:
  // each page also keeps no Chinese outside names and has no serious accessibility violation
  test('every satellite detail page fits the width of the phone, in English, accessible', async ({ page, request }) => {
    test.setTimeout(15 * 60_000)
    const watch = watchPage(page)
    const list = (await (await request.get('/api/satellite/list')).json()) as { data: Array<{ slug: string; country: string }> }
    expect(list.data.length).toBeGreaterThanOrEqual(43)
    mkdirSync('test-results/screens', { recursive: true })

    const tooWide: string[] = []
    const widths: string[] = []
    const chinese: string[] = []
    const violations: string[] = []
    for (const { slug, country } of list.data) {
      const section = country.split('/').includes('CN') ? 'chinese' : 'global'
      await page.goto(`/chinese/satellite/${section}/${slug}?lang=en`)
      await expect(page.getByTestId('satellite-page')).toBeVisible()
      await expect(page.getByTestId('satellite-sources')).toBeVisible()
      // the live map, the tables and the late images have their size before the page is measured
      await page.waitForLoadState('networkidle')
      const m = await measure(page)
      widths.push(`${slug} ${m.scrollWidth}`)
      if (m.scrollWidth > m.innerWidth + 1)
        tooWide.push(
          `${slug}: ${m.scrollWidth} px > ${m.innerWidth} px; widest ${m.widest?.path ?? '?'} (right ${m.widest?.right} px), ` +
            `pushed by ${m.cause?.path ?? '?'} (${m.cause?.width} px wide)`,
        )
      for (const finding of await chineseOnEnglishPage(page)) chinese.push(`${slug} ${finding}`)
      for (const v of await accessibilityViolations(page)) violations.push(`${slug} ${v}`)
      if (slug === 'gf1' || slug === 'jl1')
        await page.screenshot({ path: `test-results/screens/satellite-375-${slug}.png`, fullPage: true })
    }
    console.log(`document widths at ${PHONE.width} px: ${widths.join(', ')}`)
    expect(tooWide).toEqual([])
    expect(chinese).toEqual([])
    expect(violations).toEqual([])
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
