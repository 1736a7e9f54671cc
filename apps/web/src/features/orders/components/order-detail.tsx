import type { OrderDetail } from '@rs/shared'
import { Alert, Button, Descriptions, Drawer, Input, Progress, Space, Spin, Typography } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { createFootprintLayer, type FootprintInput } from '../../../map/footprint-layer'
import type { LonLatBBox } from '../../../map/geometry'
import { MapView, type MapViewHandle } from '../../../map/map-view'
import { downloadPackage, useOrderDetail } from '../api/orders-api'
import { OrderStatusTag } from './order-status'
import { SceneTable } from './scene-table'

type Feature = { id: string; geometry: FootprintInput['footprint'] }

function bboxOf(features: readonly Feature[]): LonLatBBox | undefined {
  let b: LonLatBBox | undefined
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return
    if (typeof node[0] === 'number' && typeof node[1] === 'number') {
      const [x, y] = node as [number, number]
      b = b ? [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)] : [x, y, x, y]
    } else for (const child of node) walk(child)
  }
  for (const f of features) walk(f.geometry.coordinates)
  if (!b) return undefined
  // a margin of a fifth on each side, so the outermost footprints do not touch the map's edge
  const [dx, dy] = [(b[2] - b[0]) * 0.2 || 0.05, (b[3] - b[1]) * 0.2 || 0.05]
  return [b[0] - dx, b[1] - dy, b[2] + dx, b[3] + dy]
}

/** The footprints of an order's scenes on the portal's map ('high vector'). */
function FootprintMap({ detail }: { detail: OrderDetail }) {
  const layer = useMemo(() => createFootprintLayer(), [])
  const map = useRef<MapViewHandle>(null)
  const features = useMemo(() => detail.footprints.features as Feature[], [detail.footprints])
  const bbox = useMemo(() => bboxOf(features), [features])
  useEffect(() => {
    layer.setScenes(features.map((f) => ({ id: String(f.id), footprint: f.geometry })))
    if (bbox) map.current?.fitBBox(bbox)
  }, [layer, features, bbox])
  return <MapView ref={map} height={320} overlays={[layer.layer]} initialBBox={bbox} />
}

/** An order: its state, purpose, reason, progress, extraction code and download, scenes and their footprints. */
export function OrderDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT()
  const detail = useOrderDetail(id)
  const [code, setCode] = useState('')
  const [downloading, setDownloading] = useState(false)
  const d = detail.data

  const download = async () => {
    if (!d) return
    setDownloading(true)
    try {
      await downloadPackage(d.id, code)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Drawer title={t('order.detail.title')} open={id !== null} onClose={onClose} size={880} data-testid="order-detail" destroyOnHidden>
      {detail.error != null && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
      {!d ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered styles={{ label: { width: 120 } }} data-testid="order-fields">
            <Descriptions.Item label={t('order.columns.orderId')}>{d.id}</Descriptions.Item>
            <Descriptions.Item label={t('order.columns.status')}>
              <OrderStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('order.detail.project')}>{d.project}</Descriptions.Item>
            <Descriptions.Item label={t('order.columns.createdAt')}>{formatBeijing(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('order.detail.purpose')} span={2}>
              {d.purpose}
            </Descriptions.Item>
            {d.rejectReason && (
              <Descriptions.Item label={t('order.detail.reason')} span={2}>
                <Typography.Text type="danger">{d.rejectReason}</Typography.Text>
              </Descriptions.Item>
            )}
            {(d.status === 'producing' || d.status === 'approved') && (
              <Descriptions.Item label={t('order.detail.progress')} span={2}>
                <Progress percent={d.progress} size="small" data-testid="order-progress" />
              </Descriptions.Item>
            )}
            {d.extractCode && (
              <Descriptions.Item label={t('order.detail.extractCode')} span={2}>
                <Typography.Text strong copyable code data-testid="order-extract-code">
                  {d.extractCode}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">{t('order.detail.extractCodeHint')}</Typography.Text>
              </Descriptions.Item>
            )}
            {d.expiresAt && <Descriptions.Item label={t('order.detail.expiresAt')}>{formatBeijing(d.expiresAt)}</Descriptions.Item>}
            {d.packageBytes !== null && (
              <Descriptions.Item
                label={t('order.detail.packageSize')}
              >{`${(d.packageBytes / 1024 / 1024).toFixed(2)} MB`}</Descriptions.Item>
            )}
          </Descriptions>
          {d.extractCode && (
            <Space style={{ margin: '12px 0' }}>
              <Input
                style={{ width: 160 }}
                value={code}
                maxLength={6}
                placeholder={t('order.detail.codePlaceholder')}
                onChange={(e) => setCode(e.target.value)}
                data-testid="order-code-input"
              />
              <Button
                type="primary"
                loading={downloading}
                disabled={code.trim().length !== 6}
                onClick={() => void download()}
                data-testid="order-download"
              >
                {t('order.detail.download')}
              </Button>
            </Space>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('order.detail.footprints')}
          </Typography.Title>
          <FootprintMap detail={d} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('order.detail.scenes')}
          </Typography.Title>
          <SceneTable scenes={d.scenes} testId="order-scenes" />
        </>
      )}
    </Drawer>
  )
}
