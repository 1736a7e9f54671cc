import {
  AREA_LIMITED_MODES,
  canEnterMode,
  isRegionCode,
  type LegendItem,
  type MonitorModeKey,
  type MonitorModeState,
  type MonitorModuleKey,
  type MonitorUser,
  monitorModule,
  punctuationNow,
  scopeFor,
  switchMode,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Alert, Segmented, Space, Tag, Typography } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { useMonitorBatches } from '../api/fetch-monitor-batches'
import { DetailPanel } from './detail-panel'
import { GridPanel } from './grid-panel'
import { SequencePanel } from './sequence-panel'
import { StatisticsPanel } from './statistics-panel'
import { TrendPanel } from './trend-panel'
import { VerifyTools } from './verify-tools'

/** The modes this screen draws: all five of SPEC §4; a module shows those its declaration offers. */
export const SCREEN_MODES: readonly MonitorModeKey[] = ['statistics', 'detail', 'grid', 'sequence', 'trend']

export interface MonitorScreenProps {
  module: MonitorModuleKey
  /** The logged-in user's permissions and area-range regions; null for a visitor. */
  user: MonitorUser | null
  /** Queues a mode that needs login: open the login dialog and come back to this address. */
  onLoginRequired: (target: string) => void
  tiandituKey?: string
  /** A province → city → county picker (the region feature's), handed in by the route for the grid and sequence filters. */
  regionPicker?: (value: string, onChange: (code: string) => void) => ReactNode
  /** A region's name by its code (the region feature's), for the area-range choice of grid and sequence. */
  regionName?: (code: string) => ReactNode
}

/**
 * One screen for every monitoring module, drawn from its declaration (packages/shared
 * domain/monitor/modules.ts): mode tabs that follow the SPEC §4 rules (switchMode), the statistics
 * and detail panels. Mode and region live in the address (?mode=detail&region=150000).
 */
export function MonitorScreen({ module: key, user, onLoginRequired, tiandituKey = '', regionPicker, regionName }: MonitorScreenProps) {
  const t = useT()
  const module = monitorModule(key)
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const batches = useMonitorBatches(key)
  const wanted = params.get('mode') as MonitorModeKey | null
  const regionParam = params.get('region')
  const region = regionParam && isRegionCode(regionParam) ? regionParam : WHOLE_COUNTRY_CODE
  const offered = (module?.modes ?? []).filter((m) => SCREEN_MODES.includes(m))
  const mode: MonitorModeKey =
    wanted && offered.includes(wanted) && module && canEnterMode(user, wanted, module) === 'ok' ? wanted : 'statistics'
  const [areaRegion, setAreaRegion] = useState<string[] | null>(null)
  const legend = useRef<LegendItem[]>([])

  // an address asking for a mode the user may not enter yet (e.g. after the login dialog was closed) falls back to statistics
  // a visitor arriving at a mode that needs login (a shared address) gets the login dialog once, and
  // the mode after logging in (SPEC §4: the queued login)
  const askedLogin = useRef<string | null>(null)
  useEffect(() => {
    if (!module || !wanted || wanted === mode) return
    const access = offered.includes(wanted) ? canEnterMode(user, wanted, module) : 'ok'
    if (access === 'no-permission') notify.warning(t('errors.noPermission'))
    if (access === 'no-area-range') notify.warning(t('errors.noAreaRange'))
    if (access === 'login' && askedLogin.current !== wanted) {
      askedLogin.current = wanted
      onLoginRequired(`${location.pathname}${location.search}`)
    }
  }, [module, wanted, mode, user, offered, t, onLoginRequired, location])
  // detail, grid or sequence on arrival (a shared address, or the queued switch after login): the scope rule applies as on a switch
  const scope = AREA_LIMITED_MODES.includes(mode) ? (areaRegion ?? scopeFor(user?.areaRegionIds ?? [], region)) : null

  if (!module) return null

  const setAddress = (next: { mode?: MonitorModeKey; region?: string }) => {
    const p = new URLSearchParams(params)
    if (next.mode) {
      if (next.mode === 'statistics') p.delete('mode')
      else p.set('mode', next.mode)
    }
    if (next.region) {
      if (next.region === WHOLE_COUNTRY_CODE) p.delete('region')
      else p.set('region', next.region)
    }
    setParams(p, { replace: false })
  }

  const handleMode = (target: MonitorModeKey) => {
    const state: MonitorModeState = { mode, region, areaRegion: scope, statisticsType: 'all', gridLevel: null, legend: legend.current }
    const result = switchMode(state, target, user, module)
    if (result.outcome === 'login') {
      const p = new URLSearchParams(params)
      p.set('mode', target)
      onLoginRequired(`${location.pathname}?${p.toString()}`)
      return
    }
    if (result.outcome === 'denied') {
      notify.warning(t(result.messageKey))
      return
    }
    if (result.outcome === 'unavailable') return
    setAreaRegion(result.state.areaRegion)
    setAddress({ mode: target })
  }

  const list = batches.data ?? []
  const illustrative = list.some((b) => b.illustrative)
  return (
    <div data-testid="monitor-screen" data-module={key}>
      <Space align="center" wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t(module.titleKey)}
        </Typography.Title>
        {illustrative && (
          <Tag color="orange" data-testid="illustrative-tag">
            {t('monitor.screen.illustrative')}
          </Tag>
        )}
        <Segmented
          value={mode}
          onChange={(v) => handleMode(v as MonitorModeKey)}
          options={offered.map((m) => ({ value: m, label: t(`monitor.mode.${m}`) }))}
          data-testid="mode-tabs"
        />
        <VerifyTools module={module} batches={list} user={user} />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(module.introKey)}
      </Typography.Paragraph>
      {illustrative && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('monitor.screen.illustrativeNote')}
          description={module.gppd ? t('monitor.screen.gppdCredit') : undefined}
          data-testid="illustrative-note"
        />
      )}
      {mode === 'statistics' && (
        <StatisticsPanel
          module={module}
          batches={list}
          region={region}
          onRegion={(code) => setAddress({ region: code })}
          tiandituKey={tiandituKey}
          title={t(module.titleKey)}
        />
      )}
      {mode === 'detail' && scope && (
        <>
          <Typography.Paragraph style={{ fontSize: 12 }} data-testid="detail-scope">
            {scope.includes(WHOLE_COUNTRY_CODE)
              ? t('monitor.screen.scopeAll')
              : t('monitor.screen.scopeRegions', { regions: punctuationNow().list(scope) })}
          </Typography.Paragraph>
          <DetailPanel module={module} batches={list} areaRegion={scope} tiandituKey={tiandituKey} />
        </>
      )}
      {(mode === 'grid' || mode === 'sequence') && scope && (
        <Typography.Paragraph style={{ fontSize: 12 }} data-testid="mode-scope">
          {scope.includes(WHOLE_COUNTRY_CODE)
            ? t('monitor.screen.scopeAll')
            : t('monitor.screen.scopeRegions', { regions: punctuationNow().list(scope) })}
        </Typography.Paragraph>
      )}
      {mode === 'grid' && scope && (
        <GridPanel
          key={scope.join()}
          module={module}
          batches={list}
          areaRegion={scope}
          tiandituKey={tiandituKey}
          regionPicker={regionPicker}
          regionName={regionName}
        />
      )}
      {mode === 'sequence' && scope && (
        <SequencePanel
          key={scope.join()}
          module={module}
          batches={list}
          areaRegion={scope}
          regionPicker={regionPicker}
          regionName={regionName}
        />
      )}
      {mode === 'trend' && (
        <TrendPanel
          module={module}
          batches={list}
          region={region}
          onRegion={(code) => setAddress({ region: code })}
          title={t(module.titleKey)}
        />
      )}
    </div>
  )
}
