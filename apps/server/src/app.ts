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
import { registerModules } from './modules'
import { registerErrorHandling, sendEnvelope } from './plugins/errors'

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

  registerModules(app, config, database)
  await registerSpa(app, config.WEB_DIST)
  return app
}

/** Serves the built SPA under /chinese/ with history fallback; "/" goes to the home page. */
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
    const wantsPage = request.method === 'GET' && url.startsWith(SPA_BASE) && !path.extname(url)
    if (wantsPage && hasSpa) return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir)
    return sendEnvelope(reply, 404, 404, tZh('errors.routeNotFound', { path: url.slice(0, 200) }))
  })
}
