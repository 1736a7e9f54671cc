import { PERMISSION } from '@rs/shared'
import { buildUser } from '../../test-support/factories'
import { loginAs, type TestContext } from './test-context'

/** The callers of the monitoring route tests, each one side of the module-code and area-range rules. */
export type MonitorCaller = 'province' | 'city' | 'ministry' | 'noCode' | 'noRange'
export type MonitorCallerHeaders = Record<MonitorCaller, Record<string, string>>

/**
 * Builds the monitoring test callers and logs each in: a province user (内蒙古 150000 with the
 * pvland, windmill and steel codes), a city user (包头 150200, pvland), the ministry (100000, pvland
 * and windmill), one without the pvland code (windmill, 100000) and one whose only range is deleted.
 * Answers each caller's token header.
 */
export async function loginMonitorCallers(ctx: TestContext): Promise<MonitorCallerHeaders> {
  const db = ctx.database.db
  const users: Record<MonitorCaller, { username: string; password: string }> = {
    province: await buildUser(db, { permissions: [PERMISSION.pvland, PERMISSION.windmill, PERMISSION.steelplant], areaRanges: ['150000'] }),
    city: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150200'] }),
    ministry: await buildUser(db, { permissions: [PERMISSION.pvland, PERMISSION.windmill], areaRanges: ['100000'] }),
    noCode: await buildUser(db, { permissions: [PERMISSION.windmill], areaRanges: ['100000'] }),
    noRange: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: [{ regionId: '150000', isDelete: 1 }] }),
  }
  const headers = {} as MonitorCallerHeaders
  for (const [name, u] of Object.entries(users)) headers[name as MonitorCaller] = { token: await loginAs(ctx, u.username, u.password) }
  return headers
}
