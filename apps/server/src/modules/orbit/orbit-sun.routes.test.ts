import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { DEFAULT_MIN_SUN_ELEVATION_DEG, NEEDS_DAYLIGHT, type Pass, tZh } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

/**
 * The sun minimum of orbit prediction: a default for the kinds of sensor that need daylight, none
 * for radar. A server of its own: POST /api/satorbit/passes allows 20 calls a minute, which
 * orbit.routes.test.ts uses up.
 */
let ctx: TestContext
let token = ''

beforeAll(async () => {
  ctx = await createTestContext()
  token = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const predict = async (body: Json) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/satorbit/passes', headers: { token }, payload: body })
  return { status: res.statusCode, body: res.json() }
}
// a region by code (its boundary from the database): no drawn outline to repair first
const BEIJING = { regionCode: '110000' }
const WINDOW = { start: '2026-06-14T00:00:00+08:00', end: '2026-06-16T00:00:00+08:00' }

describe('POST /api/satorbit/passes: the minimum sun elevation', () => {
  it('is declared per kind of sensor: optical and hyperspectral need daylight, radar does not', () => {
    expect(NEEDS_DAYLIGHT).toEqual({ optical: true, hyperspectral: true, radar: false })
    expect(DEFAULT_MIN_SUN_ELEVATION_DEG).toBe(10)
  })

  it('leaves out optical passes with the sun below the default, and another minimum changes the result', async () => {
    const lit = await predict({ satellites: ['sentinel2'], ...WINDOW, area: BEIJING })
    expect(lit.status, JSON.stringify(lit.body).slice(0, 300)).toBe(200)
    const passes = lit.body.data.passes as Pass[]
    expect(passes.length).toBeGreaterThan(0)
    for (const p of passes) expect(p.sunElevationDeg).toBeGreaterThanOrEqual(DEFAULT_MIN_SUN_ELEVATION_DEG)
    expect(lit.body.data.filteredBySun).toBeGreaterThan(0)
    // the default is the contract's: kept with the prediction, which says so when opened again
    expect(lit.body.data.query.minSunElevationDeg).toBe(DEFAULT_MIN_SUN_ELEVATION_DEG)
    const kept = await ctx.app.inject({ method: 'GET', url: `/api/satorbit/prediction?id=${lit.body.data.id}`, headers: { token } })
    expect(kept.json().data.query.minSunElevationDeg).toBe(DEFAULT_MIN_SUN_ELEVATION_DEG)

    // no minimum: the night passes come back (Sentinel-2 crosses Beijing northwards near midnight too)
    const all = (await predict({ satellites: ['sentinel2'], ...WINDOW, area: BEIJING, minSunElevationDeg: null })).body.data
    expect(all.filteredBySun).toBe(0)
    expect(all.passes.length).toBe(passes.length + lit.body.data.filteredBySun)
    expect(Math.min(...(all.passes as Pass[]).map((p) => p.sunElevationDeg))).toBeLessThan(0)

    // a higher minimum: fewer
    const high = (await predict({ satellites: ['sentinel2'], ...WINDOW, area: BEIJING, minSunElevationDeg: 70 })).body.data
    expect(high.passes.length).toBeLessThan(passes.length)
    for (const p of high.passes as Pass[]) expect(p.sunElevationDeg).toBeGreaterThanOrEqual(70)
  })

  it("keeps a radar satellite's night passes under the default", async () => {
    // ALOS-2 crosses the equator southwards near noon, so northwards near midnight
    const res = await predict({ satellites: ['alos2'], ...WINDOW, area: BEIJING })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    const passes = res.body.data.passes as Pass[]
    expect(passes.length).toBeGreaterThan(0)
    expect(passes.every((p) => p.kind === 'radar')).toBe(true)
    expect(res.body.data.filteredBySun).toBe(0)
    expect(passes.filter((p) => p.sunElevationDeg < 0).length).toBeGreaterThan(0)
  })

  it.each([
    ['over 90°', 91],
    ['under −90°', -91],
    ['no number', '10'],
  ])('refuses a minimum %s with a Chinese 400', async (_name, minSunElevationDeg) => {
    const res = await predict({ satellites: ['gf1'], ...WINDOW, area: BEIJING, minSunElevationDeg })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(tZh('orbit.errors.badSun'))
  })

  it("gives a pass's sun elevation within 0.05° of PyEphem's Sun (skyfield has none without an ephemeris file)", async () => {
    // over a point of interest the sun is taken at the point itself, at the closest moment
    const poi = [116.4, 39.9] as const
    const res = await predict({ satellites: ['sentinel2', 'alos2'], ...WINDOW, area: { type: 'Point', coordinates: poi } })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    const passes = res.body.data.passes as Pass[]
    // a lit optical pass and a radar pass in the dark: both sides of the minimum
    const chosen = [passes.find((p) => p.kind === 'optical'), passes.find((p) => p.kind === 'radar' && p.sunElevationDeg < 0)]
    if (!chosen[0] || !chosen[1]) throw new Error('no lit optical pass or no radar pass in the dark')
    const script = fileURLToPath(new URL('./check.py', import.meta.url))
    const input = { sun: chosen.map((p) => ({ time: p?.closestTime, lon: poi[0], lat: poi[1] })) }
    const out = spawnSync('/usr/bin/python3', [script], { input: JSON.stringify(input), encoding: 'utf8' })
    expect(out.stderr).toBe('')
    const theirs = JSON.parse(out.stdout).sun as number[]
    chosen.forEach((p, i) => {
      expect(Math.abs((p as Pass).sunElevationDeg - (theirs[i] as number)), JSON.stringify({ pass: p, theirs: theirs[i] })).toBeLessThan(
        0.05,
      )
    })
  })
})
