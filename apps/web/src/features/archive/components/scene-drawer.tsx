import { ShoppingCartOutlined } from '@ant-design/icons'
import type { Scene } from '@rs/shared'
import { Alert, Button, Descriptions, Drawer, Image } from 'antd'
import { useState } from 'react'
import { addToCart } from '../../../lib/cart'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { formatKm2 } from '../utils/format'

function bboxText(footprint: Scene['footprint']): string {
  const xs: number[] = []
  const ys: number[] = []
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return
    if (typeof node[0] === 'number' && typeof node[1] === 'number') {
      xs.push(node[0])
      ys.push(node[1])
    } else for (const child of node) walk(child)
  }
  walk(footprint.coordinates)
  if (xs.length === 0) return ''
  const f = (n: number) => n.toFixed(4)
  return `${f(Math.min(...xs))}, ${f(Math.min(...ys))} ~ ${f(Math.max(...xs))}, ${f(Math.max(...ys))}`
}

/** Every field of one scene, with its quicklook; opened by a click on a row or a footprint. */
export function SceneDrawer({ scene, open, onClose }: { scene: Scene | undefined; open: boolean; onClose: () => void }) {
  const t = useT()
  const none = t('archivePage.detail.none')
  const deg = (v: number | null) => (v === null ? none : t('archivePage.detail.degrees', { value: v }))
  // a scene whose quicklook cannot be had says so instead of a broken image
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <Drawer
      title={t('archivePage.detail.title')}
      open={open && Boolean(scene)}
      onClose={onClose}
      size={420}
      mask={false}
      data-testid="scene-drawer"
      closable={{ 'aria-label': t('archivePage.detail.close') }}
      extra={
        scene && (
          <Button
            type="primary"
            size="small"
            icon={<ShoppingCartOutlined />}
            data-testid="drawer-cart"
            onClick={() => void addToCart([scene.id])}
          >
            {t('order.cart.add')}
          </Button>
        )
      }
    >
      {scene && (
        <>
          {failed === scene.id ? (
            <div className="scene-drawer__no-quicklook" data-testid="drawer-no-quicklook">
              {t('archivePage.detail.noQuicklook')}
            </div>
          ) : (
            <Image
              src={`${scene.quicklookUrl}&size=512`}
              alt={scene.fileName}
              width="100%"
              data-testid="drawer-quicklook"
              onError={() => setFailed(scene.id)}
            />
          )}
          {scene.illustrative && <Alert style={{ margin: '8px 0' }} type="info" showIcon title={t('archivePage.detail.illustrative')} />}
          <Descriptions column={1} size="small" bordered data-testid="scene-fields" styles={{ label: { width: 130 } }}>
            <Descriptions.Item label={t('archivePage.detail.fields.id')}>{scene.id}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.satellite')}>{scene.satellite}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.sensor')}>{scene.sensor}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.acquiredAt')}>{formatBeijing(scene.acquiredAt)}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.cloudPercent')}>
              {t('archivePage.result.cloudValue', { value: scene.cloudPercent })}
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.resolutionM')}>
              {t('archivePage.result.resolutionValue', { value: scene.resolutionM })}
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.productLevel')}>{scene.productLevel}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.orbit')}>{scene.orbit ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.path')}>{scene.path ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.row')}>{scene.row ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.direction')}>
              {scene.direction ? t(`archivePage.detail.direction.${scene.direction}`) : none}
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.offNadirDeg')}>{deg(scene.offNadirDeg)}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.sunElevationDeg')}>{deg(scene.sunElevationDeg)}</Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.fileName')}>
              <span style={{ wordBreak: 'break-all' }}>{scene.fileName}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.dataStatus')}>
              {t(`archive.dataStatus.${scene.dataStatus}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.areaKm2')}>
              {t('archivePage.detail.areaValue', { value: formatKm2(scene.areaKm2) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('archivePage.detail.fields.bbox')}>{bboxText(scene.footprint)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Drawer>
  )
}
