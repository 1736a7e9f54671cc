import { BorderOutlined, DeleteOutlined, GatewayOutlined, StopOutlined } from '@ant-design/icons'
import { Button, Space, Tooltip } from 'antd'
import { useT } from '../../../lib/i18n'
import type { DrawType } from '../state/select-store'

const TOOLS = [
  ['rectangle', 'map.drawRectangle', <BorderOutlined key="r" />],
  ['polygon', 'map.drawPolygon', <GatewayOutlined key="p" />],
  ['circle', 'map.drawCircle', <StopOutlined key="c" rotate={45} />],
] as const

/** Draw tools: rectangle, polygon, circle and clear; the active tool is highlighted. */
export function DrawToolbar({
  active,
  onChoose,
  onClear,
}: {
  active: DrawType | null
  onChoose: (type: DrawType) => void
  onClear: () => void
}) {
  const t = useT()
  return (
    <Space.Compact data-testid="draw-toolbar">
      {TOOLS.map(([type, key, icon]) => (
        <Tooltip key={type} title={t(key)}>
          <Button type={active === type ? 'primary' : 'default'} icon={icon} onClick={() => onChoose(type)} data-testid={`draw-${type}`}>
            {t(key)}
          </Button>
        </Tooltip>
      ))}
      <Button icon={<DeleteOutlined />} onClick={onClear} data-testid="draw-clear">
        {t('map.clear')}
      </Button>
    </Space.Compact>
  )
}
