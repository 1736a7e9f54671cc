import { z } from 'zod'
import { defineRoute, IdParam } from './common'
import { MonitorModuleParam } from './monitor'
import { Scene } from './scenes'

/**
 * The 'term data' of a spot in the detail mode (SPEC §3 monitor state: term data and chosen term;
 * issue 13): the archive scenes that cover the spot, the latest acquired before its batch date and
 * the earliest on or after it, with their quicklooks, so the screen lays the two on the map. Same
 * access as the spot by id: login, the module's MOD code, the spot inside the area ranges.
 */
export const MonitorSpotTerms = z.object({
  spotId: z.number().int(),
  batch: z.string().describe('the spot’s batch date YYYYMMDD the terms are taken around'),
  before: Scene.nullable().describe('latest scene covering the spot acquired before the batch date (Beijing day)'),
  after: Scene.nullable().describe('earliest scene covering the spot acquired on or after the batch date'),
})
export type MonitorSpotTerms = z.infer<typeof MonitorSpotTerms>

export const monitorSpotTerms = defineRoute({
  method: 'GET',
  path: '/api/monitor/spot/terms',
  summary: '图斑前后时相影像（覆盖图斑的存档影像：批次日期前最近一景与之后最早一景，含快视图；权限同图斑详情）',
  tags: ['monitor'],
  auth: 'login',
  query: z.object({ module: MonitorModuleParam, id: IdParam }),
  data: MonitorSpotTerms,
})
