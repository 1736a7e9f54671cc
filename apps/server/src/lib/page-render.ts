import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { flattenRoutes, LANGUAGE_PARAM, type Locale, type RouteNode } from '@rs/shared'
import { parseLocale } from './locale'
import type { RenderPageInput } from './page-render.worker'

/**
 * Pages the server renders for visitors (issue 9: first paint and LCP on slow phones): home, the
 * image archive and the satellite pages. The screen groups of apps/web/src/app/screen.ts.
 */
const RENDERED_GROUPS: ReadonlySet<string> = new Set(['home', 'normal', 'chineseSatellite', 'globalSatellite'])

/**
 * Renders one page with the web's renderer (apps/web/src/app/entry-server.tsx, built to
 * dist-ssr/entry-server.js, given as a file URL): in a worker thread (page-render.worker.ts) so
 * that the event loop keeps serving meanwhile.
 */
export type RenderWith = (input: RenderPageInput) => Promise<{ html: string; styles: string }>

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/** A query the page's first render reads, answered by the server itself (the TanStack Query cache's dehydrated shape). */
export interface PrimedQuery {
  queryKey: readonly unknown[]
  data: unknown
}

export interface PageRenderer {
  /** The HTML of a page for a visitor in a language, or undefined when the page is not one the server renders. */
  page(pathname: string, locale: Locale, prime?: (node: RouteNode) => Promise<PrimedQuery[]>): Promise<string | undefined>
  /** Whether a path is one of the rendered pages. */
  renders(pathname: string): boolean
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The language of a page address the server may render: no query is Chinese, a query of only
 * `lang` (`?lang=en`, the web's shareable English address) its language; any other query, or an
 * unknown language, undefined: the page depends on it and the browser renders it.
 */
export function renderedLocaleOf(search: string | undefined): Locale | undefined {
  const params = new URLSearchParams(search ?? '')
  const names = [...params.keys()]
  if (names.length === 0) return 'zh-CN'
  if (names.length === 1 && names[0] === LANGUAGE_PARAM) return parseLocale(params.get(LANGUAGE_PARAM))
  return undefined
}

/**
 * The page renderer over a built web (dist/ and dist-ssr/ beside it), or undefined when the
 * renderer was not built. Each page is rendered once per process and kept (a few dozen paths;
 * the data they hold does not change while the server runs), once per language. The HTML is
 * index.html in the page's language (`<html lang>`) with the markup inside #root
 * (data-prerendered="<language>", which the browser compares with its own before it hydrates),
 * antd's styles and the screen's CSS in the head, the screen's code preloaded, and the primed
 * answers (asked in that language) as JSON for the browser's query cache.
 */
export function createPageRenderer(distDir: string, basePath: string, renderWith: RenderWith): PageRenderer | undefined {
  const entry = path.join(distDir, '..', 'dist-ssr', 'entry-server.js')
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(entry) || !existsSync(manifestFile)) return undefined
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  const nodes = new Map<string, RouteNode>()
  for (const node of flattenRoutes())
    if (node.group && RENDERED_GROUPS.has(node.group) && !node.path.includes(':') && !node.requiresLogin && !node.authority)
      nodes.set(`${basePath}${node.path}`, node)
  const pages = new Map<string, Promise<string>>()

  /** The stylesheet and preload links of a screen group's chunk and the chunks it imports, minus what index.html has. */
  function screenLinks(group: string): string {
    const source = `src/app/routes/${group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^-/, '')}.tsx`
    const seen = new Set<string>()
    const links: string[] = []
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      for (const css of chunk.css ?? [])
        if (!template.includes(css)) links.push(`<link rel="stylesheet" crossorigin href="${basePath}${css}">`)
      if (!template.includes(chunk.file)) links.push(`<link rel="modulepreload" crossorigin href="${basePath}${chunk.file}">`)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    visit(source)
    return links.join('\n    ')
  }

  async function render(
    pathname: string,
    locale: Locale,
    node: RouteNode,
    prime?: (node: RouteNode) => Promise<PrimedQuery[]>,
  ): Promise<string> {
    const queries = prime ? await prime(node) : []
    const state = {
      mutations: [],
      queries: queries.map((q) => ({ queryKey: q.queryKey, queryHash: JSON.stringify(q.queryKey), state: answered(q.data) })),
    }
    const url = locale === 'en-US' ? `${pathname}?${LANGUAGE_PARAM}=en` : pathname
    const { html, styles } = await renderWith({ entry: pathToFileURL(entry).href, url, state })
    const data = queries.length > 0 ? `<script type="application/json" id="rs-query-state">${escapeJson(state)}</script>\n    ` : ''
    // antd's theme variables before the stylesheets; the screen's own stylesheets after the entry's
    // (antd's prebuilt rules, then the portal's), so they win, as when the browser loads the screen
    const firstStylesheet = template.indexOf('<link rel="stylesheet"')
    const withStyles =
      firstStylesheet < 0 ? template : `${template.slice(0, firstStylesheet)}${styles}\n    ${template.slice(firstStylesheet)}`
    const withHead = withStyles.replace('</head>', `${firstStylesheet < 0 ? styles : ''}${screenLinks(node.group ?? '')}\n  </head>`)
    const inLanguage = withHead.replace(/<html\b[^>]*>/, (tag) =>
      /\slang="[^"]*"/.test(tag) ? tag.replace(/\slang="[^"]*"/, ` lang="${locale}"`) : tag.replace('<html', `<html lang="${locale}"`),
    )
    return deferModules(inLanguage.replace('<div id="root"></div>', `${data}<div id="root" data-prerendered="${locale}">${html}</div>`))
  }

  return {
    renders: (pathname) => nodes.has(pathname),
    page(pathname, locale, prime) {
      const node = nodes.get(pathname)
      if (!node) return Promise.resolve(undefined)
      const key = `${locale} ${pathname}`
      let page = pages.get(key)
      if (!page) {
        page = render(pathname, locale, node, prime)
        pages.set(key, page)
        // a failed render is tried again by the next request
        page.catch(() => pages.delete(key))
      }
      return page
    },
  }
}

/**
 * The page's code is fetched after its first paint: the entry script and the modulepreload links
 * become inert `rel="rs-module"` / `rel="rs-modulepreload"` links that public/boot.js turns back
 * into a module script and preloads once the page has painted. On a slow mobile network the
 * rendered HTML and its stylesheets then do not share the line with 300–700 KB of JavaScript
 * before anything shows (Lighthouse mobile LCP: the text of the page, 3.9 s before).
 */
export function deferModules(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, '<link rel="rs-module" href="$1">')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<link rel="rs-modulepreload" href="$1">')
}

/** A query's state as TanStack Query dehydrates a successful one. */
function answered(data: unknown) {
  const now = Date.now()
  return {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt: now,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
  }
}
