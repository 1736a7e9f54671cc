import { existsSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { LANGUAGE_HEADER, LANGUAGE_PARAM, type Locale, type RouteNode } from '@rs/shared'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { DatabaseHandle } from './db/database'
import { parseLocale, registerLocale, t } from './lib/locale'
import { createPageRenderer, type PrimedQuery, type RenderWith, renderedLocaleOf } from './lib/page-render'
import { createTaskPool, type TaskPool } from './lib/workers/pool'
import { registerModules } from './modules'
import { registerErrorHandling, sendEnvelope } from './plugins/errors'
import { inputGuardPlugin } from './plugins/input-guard'
import { securityHeadersPlugin } from './plugins/security-headers'

export const SPA_BASE = '/chinese/'

/** The https origin of a configured tile address ({z}/{x}/{y} placeholders), for the CSP; none when unset or not https. */
function tileOrigin(template: string): string[] {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, '0'))
    return url.protocol === 'https:' ? [url.origin] : []
  } catch {
    return []
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's worker pools, by lane (tests fill one to show that it cannot starve another). */
    taskPools: { requests: TaskPool; background: TaskPool; jobs: TaskPool }
  }
}

/** Builds the whole server (tests import this; server.ts only listens). */
export async function buildApp(config: Config, database: DatabaseHandle, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerLocale(app)

  await app.register(securityHeadersPlugin, {
    hsts: config.HSTS,
    tianditu: config.TIANDITU_KEY !== '',
    tileOrigins: tileOrigin(config.PROVINCE_IMAGERY_TILES),
  })
  await app.register(inputGuardPlugin)
  await app.register(compress, { global: true, threshold: 1024 })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 429,
      message: t('errors.tooManyRequests'),
      data: null,
    }),
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: '自然资源卫星遥感云服务平台 API',
        version: '1.0.0',
        description: '所有接口返回 {code, message, data}；需要登录的接口在请求头 token 中携带会话令牌。',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  // CPU-heavy work on user input (uploaded areas, map images) runs in these threads, never on the event loop
  const tasks = createTaskPool({ maxThreads: config.WORKER_THREADS || undefined, keepThreads: config.WORKER_KEEP_THREADS })
  // what a start prepares ahead of visitors (analysis charts, rendered pages) runs in one niced thread,
  // so the first requests after a start are not queued behind it
  const background = createTaskPool({ maxThreads: 1, nice: BACKGROUND_NICE, maxQueue: 64 })
  // work a user has been promised (order packages, imports) has its own thread, so anonymous uploads,
  // maps and orbits cannot starve it, and its budgets count its run, never its wait for the thread
  const jobs = createTaskPool({ maxThreads: 1, maxQueue: 256, budgetFrom: 'started' })
  app.addHook('onClose', () => Promise.all([tasks.close(), background.close(), jobs.close()]))
  app.decorate('taskPools', { requests: tasks, background, jobs })
  await registerModules(app, config, database, { tasks, background, jobs })
  await registerSpa(app, config.WEB_DIST, (input) => background.run(PAGE_RENDER_WORKER, 'renderPageTask', input, PAGE_RENDER_BUDGET_MS))
  return app
}

/**
 * The answers a visitor's first render of a page reads, asked of the API in-process: the site
 * configuration and the visitors' menu on every page (header, navigation, footer), the series'
 * facts on a satellite page (its LCP text), the satellite catalogue on the image query. The query keys are those of the web's queries
 * (apps/web/src/features/site/api, features/satellite/api/fetch-satellite-detail.ts); a key that
 * drifted only costs the browser one more request, and its hydration logs the difference.
 */
async function primeQueries(app: FastifyInstance, node: RouteNode, locale: Locale): Promise<PrimedQuery[]> {
  const get = async (url: string, notFound?: null) => {
    // in the page's language, as the browser asks (x-portal-lang)
    const answer = await app.inject({ method: 'GET', url, headers: { [LANGUAGE_HEADER]: locale } })
    if (answer.statusCode === 404 && notFound === null) return null
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`)
    return (answer.json() as { data: unknown }).data
  }
  const queries: PrimedQuery[] = [
    { queryKey: ['site', 'config'], data: await get('/api/config/public') },
    { queryKey: ['site', 'default-menu'], data: await get('/api/menu/default') },
  ]
  // the image query's satellite filter (features/archive/api/fetch-catalogue.ts): drawn complete, with no spinner that shifts the page
  if (node.group === 'normal')
    queries.push(
      { queryKey: ['satellite', 'catalogue'], data: await get('/api/satellite/catalogue') },
      { queryKey: ['satellite', 'sensors'], data: await get('/api/satellite/sensors') },
    )
  const slug = node.path.split('/').slice(2).join('/')
  if ((node.group === 'chineseSatellite' || node.group === 'globalSatellite') && slug)
    queries.push({
      queryKey: ['satellite', 'detail', slug],
      data: await get(`/api/satellite/detail?slug=${encodeURIComponent(slug)}`, null),
    })
  return queries
}

/** Niceness of the background thread: about a quarter of a share when the cores are contended. */
const BACKGROUND_NICE = 5
const PAGE_RENDER_WORKER = new URL('./lib/page-render.worker.ts', import.meta.url).href
/** A page takes 0.1–0.5 s; the budget covers loading the renderer in a fresh thread behind other work. */
const PAGE_RENDER_BUDGET_MS = 30_000
/** How long a request waits for a page being rendered before it gets the page the browser renders. */
const PAGE_RENDER_WAIT_MS = 400

/** The home page's address, in English when the redirected address asked for it (?lang=en, the web's shareable English address). */
function homeAddress(request: FastifyRequest): string {
  const english = parseLocale((request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM]) === 'en-US'
  return english ? `${SPA_BASE}home?${LANGUAGE_PARAM}=en` : `${SPA_BASE}home`
}

/** Address spaces of the services: an unknown address there is a 404 envelope, never a redirect to a page. */
const SERVICE_PREFIXES = ['/api', '/map', '/stac']

/**
 * Serves the built SPA under /chinese/ with history fallback; "/" and any other page-like address
 * (GET without a file extension) outside the services and /chinese/ go to the home page.
 */
async function registerSpa(app: FastifyInstance, distDir: string, renderWith: RenderWith) {
  const indexFile = path.join(distDir, 'index.html')
  const hasSpa = existsSync(indexFile)
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: SPA_BASE,
      wildcard: true,
      index: false,
      // the build writes .br and .gz copies (apps/web/vite.config.ts): sent as they are, by Accept-Encoding
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.get('/', { schema: { hide: true } }, (request, reply) => reply.redirect(homeAddress(request)))
  app.get('/chinese', { schema: { hide: true } }, (request, reply) => reply.redirect(homeAddress(request)))
  // visitors' pages rendered by the server (lib/page-render.ts) when the web's renderer is built
  const renderer = hasSpa ? createPageRenderer(distDir, SPA_BASE, renderWith) : undefined
  // the first visitors of home and /normal find them rendered: both are rendered once the server listens
  if (renderer)
    app.addHook('onListen', () => {
      void (async () => {
        for (const page of ['home', 'normal'])
          await renderer
            .page(`${SPA_BASE}${page}`, 'zh-CN', (node) => primeQueries(app, node, 'zh-CN'))
            .catch((err: unknown) => app.log.error({ err }, 'page render failed'))
      })()
    })
  app.setNotFoundHandler(async (request, reply) => {
    const [url = '', search] = request.url.split('?')
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)
    if (wantsPage && url.startsWith(SPA_BASE) && hasSpa) {
      reply.header('cache-control', 'no-cache')
      // an address with a query is rendered by the browser (the page depends on it), but for the
      // language alone (?lang=en): that page is rendered in its language
      const locale = renderedLocaleOf(search)
      if (renderer?.renders(url) && locale) {
        try {
          // a page not rendered yet (its first request, or threads busy after a start) is not waited
          // for long: the browser renders it this time, the next visitor gets the rendered page
          const page = await Promise.race([
            renderer.page(url, locale, (node) => primeQueries(app, node, locale)),
            sleep(PAGE_RENDER_WAIT_MS, undefined, { ref: false }),
          ])
          if (page) return reply.type('text/html; charset=utf-8').send(page)
        } catch (error) {
          request.log.error({ err: error, url }, 'page render failed; the browser renders it')
        }
      }
      return reply.sendFile('index.html', distDir)
    }
    // SPEC §2: unknown page addresses go to the home page; the services keep their JSON 404
    if (wantsPage && !SERVICE_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) && !url.startsWith(SPA_BASE))
      return reply.redirect(homeAddress(request))
    return sendEnvelope(reply, 404, 404, t('errors.routeNotFound', { path: url.slice(0, 200) }))
  })
}
