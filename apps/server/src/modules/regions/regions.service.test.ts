import type { Region } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/errors'
import type { RegionsRepository } from './regions.repository'
import { createRegionsService } from './regions.service'

const region = (code: string, hasBoundary = true): Region => ({
  code,
  name: `名${code}`,
  fullName: `名${code}`,
  level: 'county',
  parentRegionId: null,
  center: null,
  bbox: null,
  hasBoundary,
})

/** A repository of three regions (one without a shape) that counts its boundary reads. */
function fakeRepo(version = 'v1') {
  const calls: string[] = []
  const row = (code: string) => ({
    name: `名${code}`,
    level: 'county',
    geojson: `{"type":"Polygon","coordinates":[[[1,2],[3,4],[5,6],[1,2]]],"pad":"${'x'.repeat(1000)}"}`,
  })
  const repo = {
    all: async () => [region('110101'), region('110102'), region('110103', false)],
    dataVersion: async () => version,
    search: async () => [],
    boundary: async (code: string) => {
      calls.push(code)
      await new Promise((r) => setTimeout(r, 5))
      return row(code)
    },
    boundaries: async (codes: string[]) => {
      calls.push(`batch:${codes.join(',')}`)
      return codes.map((code) => ({ code, ...row(code) }))
    },
  }
  return { repo: repo as unknown as RegionsRepository, calls }
}

describe('region boundary cache', () => {
  it('answers the bytes of the uncached path, reads each code once, and shares one read between concurrent misses', async () => {
    const { repo, calls } = fakeRepo()
    const service = createRegionsService(repo)
    const [a, b] = await Promise.all([service.boundary('110101'), service.boundary('110101')])
    expect(b).toBe(a)
    expect(calls).toEqual(['110101'])
    const text = await service.boundaryText('110101')
    expect(a.body.toString('utf8')).toBe(`{"code":0,"message":"success","data":${text.json}}`)
    expect(await service.boundary('110101')).toBe(a)
    expect(calls).toEqual(['110101', '110101'])
  })

  it('fills the cache at start with the same bytes as a read on a miss, and then reads nothing per code', async () => {
    const { repo, calls } = fakeRepo()
    const service = createRegionsService(repo)
    expect(await service.preloadBoundaries()).toBe(2)
    expect(calls).toEqual(['batch:110101,110102'])
    const kept = await service.boundary('110102')
    const text = await service.boundaryText('110102')
    expect(kept.body.toString('utf8')).toBe(`{"code":0,"message":"success","data":${text.json}}`)
    expect(calls).toEqual(['batch:110101,110102', '110102'])
    // a second fill keeps nothing new
    expect(await service.preloadBoundaries()).toBe(0)
  })

  it('keeps at most its byte budget, least recently used out first', async () => {
    const { repo, calls } = fakeRepo()
    // room for one answer of about 1.2 KB
    const service = createRegionsService(repo, { boundaryCacheBytes: 2000 })
    await service.boundary('110101')
    await service.boundary('110102')
    await service.boundary('110102')
    await service.boundary('110101')
    expect(calls).toEqual(['110101', '110102', '110101'])
  })

  it('answers unknown codes and regions without a shape from the index, without SQL, and keeps no failure', async () => {
    const { repo, calls } = fakeRepo()
    const service = createRegionsService(repo)
    await expect(service.boundary('999999')).rejects.toBeInstanceOf(ApiError)
    await expect(service.boundary('110103')).rejects.toMatchObject({ statusCode: 404 })
    expect(calls).toEqual([])
    let fail = true
    const flaky = {
      ...(repo as object),
      boundary: async (code: string) => {
        if (fail) {
          fail = false
          throw new Error('database busy')
        }
        return repo.boundary(code)
      },
    } as unknown as RegionsRepository
    const again = createRegionsService(flaky)
    await expect(again.boundary('110101')).rejects.toThrow('database busy')
    await expect(again.boundary('110101')).resolves.toMatchObject({ cacheControl: 'no-cache' })
  })
})
