import { Radio } from 'antd'
import { useT } from '../../../lib/i18n'
import { SELECT_MODE, type SelectMode } from '../state/select-store'

const MODES = [
  [SELECT_MODE.REGION, 'aoi.select.modes.region'],
  [SELECT_MODE.EXTENT, 'aoi.select.modes.extent'],
  [SELECT_MODE.SHP, 'aoi.select.modes.shp'],
  [SELECT_MODE.DRAW, 'aoi.select.modes.draw'],
  [SELECT_MODE.FILE, 'aoi.select.modes.file'],
] as const

/** The five select modes of SPEC §4 as one switch (or those of `modes`: orbit prediction has no FILE list). */
export function SelectModeTabs({
  value,
  onChange,
  modes,
}: {
  value: SelectMode
  onChange: (mode: SelectMode) => void
  modes?: readonly SelectMode[]
}) {
  const t = useT()
  return (
    <Radio.Group
      data-testid="select-mode"
      optionType="button"
      buttonStyle="solid"
      value={value}
      options={MODES.filter(([mode]) => !modes || modes.includes(mode)).map(([mode, key]) => ({
        value: mode,
        label: t(key),
        style: { paddingInline: 10 },
      }))}
      onChange={(event) => onChange(event.target.value as SelectMode)}
    />
  )
}
