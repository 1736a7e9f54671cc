import type { Browser, Page, TestInfo } from '@playwright/test'
import { flattenRoutes, type RouteNode } from '@rs/shared'
import {
  accessibilityViolations,
  chineseOnEnglishPage,
  contextOptions,
  expect,
  headingProblems,
  sql,
  storedLogin,
  test,
  untilLoaded,
  waitForInteractiveLoads,
  watchPage,
} from './support'

/*
 * Every route of the portal in both languages (issue 25): each kind of user opens each screen it
 * may open, in Chinese and then with ?lang=en, and waits for its data. In both, axe-core finds no
 * serious or critical WCAG 2.1 A/AA violation; in English, no Chinese is left outside proper names,
 * people's own content and the language switch (support.ts, chineseOnEnglishPage). The satellite
 * detail pages are walked the same way by satellite-phone.spec.ts. The routes come from the route
 * table, so a new screen is walked by its declaration alone.
 */

const screens = flattenRoutes().filter(
  (n, i, all) =>
    n.group && !n.externalLink && !n.path.match(/^satellite\/(chinese|global)\//) && all.findIndex((m) => m.path === n.path) === i,
)
const isPublic = (n: RouteNode): boolean => !n.requiresLogin && (!n.authority || !!n.opensForVisitors)

/** Who walks which screens: the visitor the public ones, each signed-in kind the ones only it opens. */
const WALKS: Array<{ who: string; password?: string; routes: (n: RouteNode) => boolean }> = [
  { who: 'visitor', routes: isPublic },
  {
    who: 'ministry',
    password: 'Ministry@2026',
    routes: (n) => !isPublic(n) && !n.path.startsWith('admin/') && !['planFill', 'provinceFeedback'].includes(n.name),
  },
  { who: 'neimenggu', password: 'Nmg@2026', routes: (n) => ['planFill', 'provinceFeedback'].includes(n.name) },
  { who: 'admin', password: 'Admin@2026', routes: (n) => n.path.startsWith('admin/') },
]

async function addressOf(node: RouteNode): Promise<string> {
  if (!node.path.includes(':id')) return `/chinese/${node.path}`
  const [article] = await sql<{ id: string }>('select id::text as id from news where not deleted order by date desc, id desc limit 1')
  return `/chinese/${node.path.replace(':id', article?.id ?? '1')}`
}

async function pageFor(browser: Browser, testInfo: TestInfo, who: string, password?: string): Promise<Page> {
  const state = password ? await storedLogin(browser, testInfo, who, password) : undefined
  const context = await browser.newContext({ ...contextOptions(testInfo), storageState: state })
  return waitForInteractiveLoads(await context.newPage())
}

test.describe('the portal in English', () => {
  for (const walk of WALKS) {
    const routes = screens.filter(walk.routes)
    test(`${walk.who}: ${routes.length} screens, accessible in both languages, without Chinese in English`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(60_000 + routes.length * 40_000)
      const page = await pageFor(browser, testInfo, walk.who, walk.password)
      const watch = watchPage(page)
      const chinese: string[] = []
      const violations: string[] = []
      try {
        for (const node of routes) {
          const address = await addressOf(node)
          // ?lang= says the language outright: a page opened in English is remembered as the choice
          await page.goto(`${address}?lang=zh`)
          await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
          await untilLoaded(page)
          for (const v of await accessibilityViolations(page)) violations.push(`/${node.path} zh-CN ${v}`)
          for (const p of await headingProblems(page)) violations.push(`/${node.path} headings: ${p}`)
          await page.goto(`${address}?lang=en`)
          await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
          await untilLoaded(page)
          for (const finding of await chineseOnEnglishPage(page)) chinese.push(`/${node.path} ${finding}`)
          for (const v of await accessibilityViolations(page)) violations.push(`/${node.path} en-US ${v}`)
        }
      } finally {
        await page.context().close()
      }
      expect(violations).toEqual([])
      expect(chinese).toEqual([])
      expect(watch.errors).toEqual([])
    })
  }
})
