import { existsSync } from 'node:fs'
import path from 'node:path'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { tZh } from '@rs/shared'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { DatabaseHandle } from './db/database'
import { createTaskPool } from './lib/workers/pool'
import { registerModules } from './modules'
import { registerErrorHandling, sendEnvelope } from './plugins/errors'
import { inputGuardPlugin } from './plugins/input-guard'
import { securityHeadersPlugin } from './plugins/security-headers'

export const SPA_BASE = '/chinese/'

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

  await app.register(securityHeadersPlugin, { hsts: config.HSTS, tianditu: config.TIANDITU_KEY !== '' })
  await app.register(inputGuardPlugin)
  await app.register(compress, { global: true, threshold: 1024 })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 429,
      message: tZh('errors.tooManyRequests'),
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
  app.addHook('onClose', () => tasks.close())
  await registerModules(app, config, database, tasks)
  await registerSpa(app, config.WEB_DIST)
  return app
}

/** Address spaces of the services: an unknown address there is a 404 envelope, never a redirect to a page. */
const SERVICE_PREFIXES = ['/api', '/map', '/stac']

/**
 * Serves the built SPA under /chinese/ with history fallback; "/" and any other page-like address
 * (GET without a file extension) outside the services and /chinese/ go to the home page.
 */
async function registerSpa(app: FastifyInstance, distDir: string) {
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
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${SPA_BASE}home`))
  app.get('/chinese', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${SPA_BASE}home`))
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? ''
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)
    if (wantsPage && url.startsWith(SPA_BASE) && hasSpa) return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir)
    // SPEC §2: unknown page addresses go to the home page; the services keep their JSON 404
    if (wantsPage && !SERVICE_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) && !url.startsWith(SPA_BASE))
      return reply.redirect(`${SPA_BASE}home`)
    return sendEnvelope(reply, 404, 404, tZh('errors.routeNotFound', { path: url.slice(0, 200) }))
  })
}
