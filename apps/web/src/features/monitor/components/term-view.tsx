import type { MonitorModuleDecl, Scene } from '@rs/shared'
import { Segmented, Space, Typography } from 'antd'
import type ImageLayer from 'ol/layer/Image'
import type ImageStatic from 'ol/source/ImageStatic'
import { useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { geometryBBox, showQuicklook } from '../../../map/quicklook-layer'
import { useMonitorSpotTerms } from '../api/fetch-monitor-terms'

export type Term = 'before' | 'after'

export interface TermViewProps {
  module: MonitorModuleDecl
  spotId: number
  /** The detail map's quicklook layer: the chosen term's picture is laid there in its footprint. */
  quicklookLayer: ImageLayer<ImageStatic>
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ')

/**
 * The spot's 'term data' (SPEC §3: term data and chosen term): the archive scene covering it before
 * its batch and the one after, switched with 前时相 / 后时相; the chosen one's quicklook lies on the
 * detail map in its footprint (as /normal lays a scene's), under the spot.
 */
export function TermView({ module, spotId, quicklookLayer }: TermViewProps) {
  const t = useT()
  const terms = useMonitorSpotTerms(module.key as never, spotId)
  const [chosen, setChosen] = useState<Term>('after')
  const data = terms.data
  // the side that has a scene, 'after' first (the demo archive is newer than the batches)
  useEffect(() => {
    if (data) setChosen(data.after || !data.before ? 'after' : 'before')
  }, [data])
  const scene: Scene | null = data ? data[chosen] : null
  useEffect(() => {
    const bbox = scene ? geometryBBox(scene.footprint) : null
    showQuicklook(quicklookLayer, scene && bbox ? { url: `${scene.quicklookUrl}&size=1024`, bbox } : null)
  }, [scene, quicklookLayer])
  useEffect(() => () => showQuicklook(quicklookLayer, null), [quicklookLayer])

  if (terms.error) return <Typography.Text type="danger">{errorMessage(terms.error)}</Typography.Text>
  if (!data) return <Typography.Text type="secondary">…</Typography.Text>
  if (!data.before && !data.after) return <Typography.Text type="secondary">{t('monitorMap.term.none')}</Typography.Text>
  return (
    <Space direction="vertical" size={4} data-testid="spot-terms">
      <Segmented<Term>
        size="small"
        value={chosen}
        onChange={setChosen}
        options={[
          { value: 'before', label: t('monitorMap.term.before'), disabled: !data.before },
          { value: 'after', label: t('monitorMap.term.after'), disabled: !data.after },
        ]}
        data-testid="term-switch"
      />
      {scene ? (
        <Typography.Text data-testid="term-scene">
          {t('monitorMap.term.scene', {
            satellite: scene.satellite,
            sensor: scene.sensor,
            time: when(scene.acquiredAt),
            cloud: scene.cloudPercent,
          })}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          {t(chosen === 'before' ? 'monitorMap.term.noneBefore' : 'monitorMap.term.noneAfter')}
        </Typography.Text>
      )}
      {!data.before && <Typography.Text type="secondary">{t('monitorMap.term.noneBefore')}</Typography.Text>}
      {!data.after && <Typography.Text type="secondary">{t('monitorMap.term.noneAfter')}</Typography.Text>}
    </Space>
  )
}
