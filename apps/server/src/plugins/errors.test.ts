import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerErrorHandling } from './errors'

describe('the error handler', () => {
  it('answers a statement cut by the database time limit (57014) with a Chinese 503 asking to narrow the request, not a 500', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    app.get('/slow', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })
    })
    app.get('/broken', async () => {
      throw Object.assign(new Error('division by zero'), { code: '22012' })
    })
    const slow = await app.inject({ method: 'GET', url: '/slow' })
    expect(slow.statusCode).toBe(503)
    expect(slow.json()).toMatchObject({ code: 503, message: expect.stringContaining('缩小范围') })
    // any other database fault stays a 500 with the generic message
    const broken = await app.inject({ method: 'GET', url: '/broken' })
    expect(broken.statusCode).toBe(500)
    await app.close()
  })
})
