// Fixtures and a fetch-level fake API for the news component tests (never used by the screens).
import type { NewsArticleWithNeighbours } from '@rs/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { render } from '../../../test/render'

export const SERIES = [
  {
    slug: 'gf1',
    nameZh: '高分一号',
    nameEn: 'GF-1',
    country: 'CN',
    category: 'optical',
    status: 'operational',
    memberCount: 1,
    trackedCount: 1,
  },
  {
    slug: 'gf7',
    nameZh: '高分七号',
    nameEn: 'GF-7',
    country: 'CN',
    category: 'optical',
    status: 'operational',
    memberCount: 1,
    trackedCount: 1,
  },
  {
    slug: 'landsat',
    nameZh: '陆地卫星',
    nameEn: 'Landsat',
    country: 'US',
    category: 'optical',
    status: 'operational',
    memberCount: 3,
    trackedCount: 2,
  },
]

export function buildArticle(overrides: Partial<NewsArticleWithNeighbours> = {}): NewsArticleWithNeighbours {
  return {
    id: 7,
    title: '高分七号获取首批立体影像',
    summary: '高分七号卫星获取首批亚米级立体影像。',
    date: '2026-05-01',
    source: '国家航天局',
    satelliteSlug: 'gf7',
    coverUrl: '/api/news/cover?id=7',
    updatedAt: '2026-05-01T08:00:00Z',
    body: '第一段正文。\n\n第二段正文。',
    newer: null,
    older: null,
    ...overrides,
  }
}

export const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
export const refuse = (status: number, message: string) => new Response(JSON.stringify({ code: status, message, data: null }), { status })

export interface Call {
  method: string
  url: string
  body: unknown
}

/** A fake API keyed by path ("GET /api/news/list"); records every call. */
export function stubApi(handlers: Record<string, (url: URL, body: unknown) => Response | Promise<Response>>) {
  const calls: Call[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null)
    calls.push({ method, url: `${url.pathname}${url.search}`, body })
    const handler = handlers[`${method} ${url.pathname}`]
    return handler ? handler(url, body) : refuse(404, '')
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

/** Renders screens at /satellite/news and /satellite/news/:id in a memory router; answers the router for URL checks. */
export function renderNews(element: { list: ReactNode; article: ReactNode }, at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: '/satellite/news', element: element.list },
      { path: '/satellite/news/:id', element: element.article },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [at] },
  )
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, client }
}
