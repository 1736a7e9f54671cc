import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Browser, test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rs_e2e', max: 2 })

/**
 * A page of the portal waits, after each load, until the portal has taken it over (main.tsx marks
 * `<html data-interactive>` after React's first commit): a page the server rendered shows before its
 * code has arrived, and a click on a control before then does nothing, as for a person on a slow
 * line. The tests act as a person who waits for the page to respond. `waitUntil: 'commit'` keeps
 * the moment before, for the tests of that moment.
 */
export function waitForInteractiveLoads(page: Page): Page {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const interactive = async (response: Awaited<ReturnType<Page['goto']>>) => {
    const html = (response?.headers()['content-type'] ?? '').includes('text/html')
    if (html && new URL(page.url()).pathname.startsWith('/chinese/'))
      await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { timeout: 30_000 })
    return response
  }
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    return options?.waitUntil === 'commit' ? response : interactive(response)
  }
  page.reload = async (options) => interactive(await reload(options))
  return page
}

/** Playwright's test with the portal's pages waiting to be interactive after each load. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForInteractiveLoads(page))
  },
})
export { expect }

/** A small but whole PDF: what a person attaches as a letter or a note. */
export const LETTER_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n',
  'latin1',
)

/** Runs SQL on the portal's database (the tests read captchas and age sessions as a clock would). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query<T>(text, values)).rows
}

/** Waits for the captcha image the page shows and reads its answer, as a person reads the picture. */
export async function readCaptcha(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/captcha/image') && r.status() === 200),
    trigger(),
  ])
  const token = new URL(response.url()).searchParams.get('token')
  const rows = await sql<{ answer: string }>('select answer from captcha where token = $1', [token])
  if (!rows[0]) throw new Error(`no captcha stored for ${token}`)
  return rows[0].answer
}

/**
 * Waits until no finite animation runs or waits to run on the page (a popup's zoom, a drawer's
 * slide). antd holds a popup's entering animation paused at its first frame (small, transparent)
 * until the next frames start it; under load that lasts long enough for the control to look still
 * to Playwright, and the click lands where the control was. A person clicks a control that has
 * come to rest; a button's click wave, which only fades over the button, is not waited for.
 */
export async function untilSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every(
        (a) =>
          a.playState === 'finished' ||
          a.playState === 'idle' ||
          a.effect?.getTiming().iterations === Infinity ||
          // a button's click wave fades for 2 s over the button; it moves nothing
          ((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('ant-wave'),
      ),
    null,
    { timeout: 10_000 },
  )
}

/**
 * The newest complete frame of any map of the page: the map shell numbers each OpenLayers
 * `rendercomplete` page-wide on the map's element (`data-rendered`, apps/web/src/map/render-signal.ts).
 * Read it before an action that changes a map, then wait with `untilMapRendered(page, mark)`.
 */
export async function mapRenderMark(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll<HTMLElement>('[data-testid="map-canvas"]'), (e) => Number(e.dataset.rendered ?? 0)),
    ),
  )
}

/**
 * Waits until the map (the page's visible one unless given) has drawn everything it shows: its last
 * frame complete (`data-render-state="complete"`: no tile or image loading, no animation) and, with
 * `after` (a mapRenderMark read before an action), a frame completed since that action.
 */
export async function untilMapRendered(
  page: Page,
  after = 0,
  map: Locator = page.getByTestId('map-canvas').filter({ visible: true }).last(),
): Promise<void> {
  await expect
    .poll(() => map.evaluate((e) => (e.dataset.renderState === 'complete' ? Number(e.dataset.rendered) : -1), null, { timeout: 5000 }), {
      timeout: 30_000,
    })
    .toBeGreaterThan(after)
}

/**
 * Waits until the screen is drawn as a person would see it, before a screenshot: nothing animating
 * (untilSettled), every shown image loaded, and every shown map, chart and globe done with its last
 * frame (their shells mark `data-render-state="complete"`).
 */
export async function untilDrawn(page: Page): Promise<void> {
  await untilSettled(page)
  await page.waitForFunction(
    () => {
      const shown = (e: Element) => e.getClientRects().length > 0
      const images = Array.from(document.images).every((i) => i.complete || i.loading === 'lazy' || !shown(i))
      const drawings = Array.from(document.querySelectorAll<HTMLElement>('[data-render-state]')).every(
        (e) => e.dataset.renderState === 'complete' || !shown(e),
      )
      return images && drawings
    },
    null,
    { timeout: 30_000 },
  )
}

/** Presses the confirming button of the open Popconfirm once it has come to rest (see untilSettled). */
export async function confirmPopup(page: Page): Promise<void> {
  await untilSettled(page)
  await page.locator('.ant-popconfirm .ant-btn-primary').click()
}

/** Opens the login popup from the header and logs in through the form. */
export async function loginThroughPopup(
  page: Page,
  username: string,
  password: string,
  open: () => Promise<unknown> = async () => {
    // the header's login button answers once the page is interactive (a page of a context the test made itself
    // has no waiting goto)
    await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { timeout: 30_000 })
    await page.getByTestId('header-login').click()
  },
) {
  const answer = await readCaptcha(page, open)
  const modal = page.getByTestId('login-modal')
  await expect(modal).toBeVisible()
  await modal.getByTestId('login-username').fill(username)
  await modal.getByTestId('login-password').fill(password)
  await modal.getByTestId('login-captcha').fill(answer)
  await modal.getByTestId('login-captcha').press('Enter')
  // logged in: the dialog closes once the session is kept (a screen behind it may already show its title)
  await expect(modal).toBeHidden({ timeout: 20_000 })
}

/** Collects page errors and requests that leave this machine, to assert on at the end of a test. */
export function watchPage(page: Page) {
  const errors: string[] = []
  const external: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname
    if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url())
  })
  return { errors, external }
}

/**
 * Opens a screen from a submenu of the main navigation as a person does: hover the top entry, click
 * the item in the popup. A hover menu can close while the pointer travels to its popup, so the
 * gesture is repeated until the address is the expected one.
 */
export async function openFromMenu(page: Page, top: string, item: string, url: RegExp) {
  await expect(async () => {
    await page.getByTestId('main-nav').getByText(top).hover()
    await page.locator('.main-nav__popup').getByText(item).click({ timeout: 3000 })
    await expect(page).toHaveURL(url, { timeout: 3000 })
  }).toPass({ timeout: 20_000 })
  // a person moves on: the pointer leaves the menu, so its hover popup closes instead of covering the screen below
  await page.mouse.move(0, 0)
  await expect(page.locator('.main-nav__popup:visible')).toHaveCount(0)
}

/**
 * Picks an option of an antd Select as a person does: opens the select, waits until its list has
 * stopped growing in, clicks the option and checks the select shows it. antd animates the list open
 * (scaled 0.8 → 1); a click placed against the list before the animation has started lands beside
 * the option, and nothing is chosen (the region pickers of the admin, apply and /normal tests were
 * lost that way on a busy machine). `shown` is the text the select shows afterwards, when it differs
 * from the option's; null skips that check.
 */
export async function chooseOption(select: Locator, option: string, shown: string | null = option) {
  await pickInPopup(select, 'ant-select-dropdown', async (list) => {
    await list.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 3000 })
    if (shown !== null) await expect(select).toContainText(shown, { timeout: 3000 })
  })
}

/**
 * Chooses a path in an antd Cascader (province, then city) as chooseOption chooses in a Select: once
 * the popup has come to rest, column by column, again from the start if a click did not take.
 */
export async function chooseCascaderPath(cascader: Locator, path: string[]) {
  await pickInPopup(cascader, 'ant-cascader-dropdown', async (popup) => {
    for (const [column, label] of path.entries())
      await popup
        .locator('.ant-cascader-menu')
        .nth(column)
        .locator('.ant-cascader-menu-item')
        .getByText(label, { exact: true })
        .click({ timeout: 3000 })
    await expect(cascader).toContainText(path.join(' / '), { timeout: 3000 })
  })
}

/**
 * What chooseOption and chooseCascaderPath share: opens the control unless it is open, waits until
 * its popup (class `popupClass`) has stopped growing in, runs `pick` on it; all again from the
 * start until `pick` passes.
 */
async function pickInPopup(control: Locator, popupClass: string, pick: (popup: Locator) => Promise<void>) {
  await expect(async () => {
    if ((await control.getByRole('combobox').getAttribute('aria-expanded')) !== 'true') await control.click({ timeout: 3000 })
    const popup = control.page().locator(`.${popupClass}:not(.ant-select-dropdown-hidden)`).last()
    await expect(popup).toBeVisible({ timeout: 3000 })
    await expect(popup).not.toHaveClass(/ant-slide-(up|down)-(appear|enter|leave)/, { timeout: 3000 })
    await pick(popup)
  }).toPass({ timeout: 20_000 })
}

/**
 * The page's HTML as the server sends it, once it holds the server's rendering (`data-prerendered`):
 * a page's first request may get the page the browser renders (app.ts waits for a render only briefly).
 */
export async function renderedByServer(request: APIRequestContext, path: string): Promise<string> {
  let html = ''
  await expect
    .poll(
      async () => {
        html = await (await request.get(path)).text()
        return html.includes('data-prerendered')
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return html
}

/** The options of the project's browser context, for a context a test makes itself. */
export const contextOptions = (testInfo: TestInfo) => {
  const { baseURL, locale, timezoneId } = testInfo.project.use
  return { baseURL, locale, timezoneId }
}

/** Logs a user in once in a context of its own and keeps its storage (the session token) in a file for the tests. */
export async function storedLogin(browser: Browser, testInfo: TestInfo, username: string, password: string): Promise<string> {
  const context = await browser.newContext(contextOptions(testInfo))
  const page = waitForInteractiveLoads(await context.newPage())
  await page.goto('/chinese/home')
  await loginThroughPopup(page, username, password)
  await expect(page.getByTestId('header-logout')).toBeVisible()
  const file = testInfo.outputPath(`${username}-state.json`)
  await context.storageState({ path: file })
  await context.close()
  return file
}

/**
 * Waits until a screen has its data: the page interactive, the requests it started answered
 * (network idle, bounded: a live map may keep asking) and no spinner or skeleton left.
 */
export async function untilLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 })
}

/**
 * Chinese text on an English page: every text node, title, alt, placeholder and label of the
 * document with a CJK character (ideographs, CJK and full-width punctuation), except inside what is
 * marked as not to be translated: proper names and people's own content carry `translate="no"` or
 * a `lang` of their own (zh-CN), and the language switch names 中文 on purpose. Each finding is
 * 'where: text', once.
 */
export async function chineseOnEnglishPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cjk = /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff01-\uff60]/
    const exempt = (el: Element | null) =>
      !!el?.closest('script, style, noscript, template, [translate="no"], [data-testid="header-language"]') ||
      !!el?.closest('[lang]:not(html)')?.getAttribute('lang')?.startsWith('zh')
    const where = (el: Element) => {
      const parts: string[] = []
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const id = e.getAttribute('data-testid')
        parts.unshift(id ? `[${id}]` : `${e.tagName.toLowerCase()}${e.classList[0] ? `.${e.classList[0]}` : ''}`)
      }
      return parts.join('>')
    }
    const found = new Set<string>()
    if (cjk.test(document.title)) found.add(`title: ${document.title}`)
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      if (cjk.test(text) && !exempt(node.parentElement)) found.add(`${where(node.parentElement as Element)}: ${text.trim().slice(0, 60)}`)
    }
    for (const el of document.body.querySelectorAll('[title], [alt], [placeholder], [aria-label], [aria-placeholder]'))
      for (const name of ['title', 'alt', 'placeholder', 'aria-label', 'aria-placeholder']) {
        const value = el.getAttribute(name)
        if (value && cjk.test(value) && !exempt(el)) found.add(`${where(el)}@${name}: ${value.slice(0, 60)}`)
      }
    return [...found]
  })
}

/** The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page, one line per rule. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          // a generated id (#_r_a_) says nothing: the element's start does
          .map((n) => (/^(#_r|#_R|td$|span$|div$)/i.test(n.target.join(' ')) ? n.html.slice(0, 120) : n.target.join(' ')))
          .slice(0, 4)
          .join(' | ')}${v.nodes.length > 4 ? ` …${v.nodes.length}` : ''}`,
    )
}

/**
 * The page's headings as a screen reader lists them: exactly one h1, and no level skipped on the
 * way down (an h2 may follow an h4, an h4 may not follow an h2). Hidden headings do not count.
 * Each problem is one line.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [hidden]')
    }
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(shown)
    const levelOf = (el: Element) => Number(el.getAttribute('aria-level') ?? el.tagName.slice(1)) || 2
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 40)
    const problems: string[] = []
    const ones = headings.filter((h) => levelOf(h) === 1)
    if (ones.length !== 1) problems.push(`${ones.length} h1 (${ones.map(text).join(' | ')})`)
    let last = 0
    for (const h of headings) {
      const level = levelOf(h)
      if (last > 0 && level > last + 1) problems.push(`h${level} after h${last}: ${text(h)}`)
      last = level
    }
    return problems
  })
}
