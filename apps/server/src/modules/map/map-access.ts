import type { RegionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { t } from '../../lib/locale'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import type { LayerDef } from './layers'
import { OgcError } from './ogc'
import type { Box } from './params'

/**
 * Access to the layers that carry detail data (LayerDef.access: the monitoring spots and grid), the
 * one place every map route asks: WMS GetMap and GetFeatureInfo, WFS GetFeature, WMTS and vector
 * tiles. The session is the token header the /api routes read (SPEC §7: header `token`); OGC
 * clients send it as a header too (QGIS: HTTP headers of the connection; GDAL: GDAL_HTTP_HEADERS),
 * the web's tile loader adds it to its fetch (features/monitor/map). A token in the URL is not
 * accepted: addresses end up in logs, proxies and the browser history.
 *
 * Capabilities list every layer for everyone (a catalogue names what exists; the data is guarded),
 * with the fallback extent for protected layers, so the extent of the spots is not given away.
 */

/** Who asks: the request's session, and whether a token was sent (401 says 'expired' then). */
export interface MapViewer {
  user: SessionUser | undefined
  tokenSent: boolean
}

export const ANONYMOUS: MapViewer = { user: undefined, tokenSent: false }

/** What a caller may read of a protected layer: a SQL condition on its rows, and a key naming it in the tile cache. */
export interface LayerGrant {
  where: RawBuilder<unknown>
  key: string
  scope: RegionScope
  regionIds: string[]
}

const denied = (key: 'errors.noPermission' | 'errors.noAreaRange') => new OgcError('NoApplicableCode', t(key), undefined, 403)

/**
 * The grant of a layer for a viewer: undefined for a public layer; 401 without a session; 403
 * without the MOD code (or, for a layer of several modules, without any of theirs) or without an
 * area range (SPEC §5 messages).
 */
export function grantFor(layer: LayerDef, viewer: MapViewer): LayerGrant | undefined {
  const access = layer.access
  if (!access) return undefined
  const user = viewer.user
  if (!user) throw new OgcError('NoApplicableCode', t(viewer.tokenSent ? 'errors.sessionExpired' : 'errors.loginRequired'), undefined, 401)
  if (access.permission && !user.permissions.includes(access.permission)) throw denied('errors.noPermission')
  let modules: string[] | undefined
  if (access.modulePermission) {
    const byValue = access.modulePermission.byValue
    modules = Object.keys(byValue).filter((value) => user.permissions.includes(byValue[value] as string))
    if (modules.length === 0) throw denied('errors.noPermission')
  }
  if (user.regionIds.length === 0) throw denied('errors.noAreaRange')
  const scope = regionScopeOf(user)
  const conditions = [scopeSql(access.scoped, scope)]
  if (access.modulePermission && modules) conditions.push(sql`${sql.ref(access.modulePermission.column)} IN (${sql.join(modules)})`)
  return {
    where: sql.join(conditions, sql` AND `),
    key: `${scope.all ? 'all' : scope.regionIds.join(',')}|${modules?.join(',') ?? ''}`,
    scope,
    regionIds: user.regionIds,
  }
}

/** The grants of several layers (in order); throws on the first refused. */
export function grantsFor(layers: readonly LayerDef[], viewer: MapViewer): Array<LayerGrant | undefined> {
  return layers.map((layer) => grantFor(layer, viewer))
}

/**
 * 403 when a request's area (lon/lat box) lies wholly outside the caller's area ranges: the
 * boundaries of the allowed regions, the whole country covering everything.
 */
export async function requireInRange(db: Kysely<Database>, grants: ReadonlyArray<LayerGrant | undefined>, box: Box): Promise<void> {
  const grant = grants.find((g): g is LayerGrant => g !== undefined && !g.scope.all)
  if (!grant) return
  const env = sql`ST_MakeEnvelope(${box.minx}, ${box.miny}, ${box.maxx}, ${box.maxy}, 4326)`
  const { rows } = await sql<{ inside: boolean }>`
    SELECT EXISTS (SELECT 1 FROM region, (SELECT ${env} AS env) e
      WHERE code IN (${sql.join(grant.regionIds)}) AND geom && e.env AND ST_Intersects(geom, e.env)) AS inside`.execute(db)
  if (!rows[0]?.inside) throw denied('errors.noPermission')
}

/** What capabilities say of a layer beside its title: the access rule of a protected one, 示意 for illustrative data. */
export function layerAbstract(layer: LayerDef): string[] {
  const lines: string[] = []
  if (layer.access) {
    const permission = layer.access.permission ?? Object.values(layer.access.modulePermission?.byValue ?? {}).join(' / ')
    lines.push(t('monitorMap.protectedAbstract', { permission }))
  }
  if (layer.illustrative) lines.push(t('monitorMap.illustrativeAbstract'))
  return lines.length ? [lines.join('；')] : []
}
