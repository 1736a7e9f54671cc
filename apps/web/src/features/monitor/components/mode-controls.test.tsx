import { type MonitorModuleKey, monitorModule } from '@rs/shared'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, renderHook, screen } from '../../../test/render'
import { AreaRegionSelect, SpotTypeSelect, useMetricColumns } from './mode-controls'

const moduleOf = (key: MonitorModuleKey) => {
  const module = monitorModule(key)
  if (!module) throw new Error(`no ${key}`)
  return module
}
const NAMES: Record<string, string> = { '150000': '内蒙古自治区', '130000': '河北省' }

describe('the controls the monitoring modes share', () => {
  it('offers a user with two area ranges each by its name, and all of them together', () => {
    const onChange = vi.fn()
    render(
      <AreaRegionSelect
        areaRegion={['150000', '130000']}
        value="100000"
        onChange={onChange}
        regionPicker={() => <div>picker</div>}
        regionName={(code) => NAMES[code]}
        testId="area"
      />,
    )
    expect(screen.queryByText('picker')).toBeNull()
    fireEvent.mouseDown(screen.getByRole('combobox'))
    expect(screen.getAllByText('全部权限范围').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByText('河北省'))
    expect(onChange).toHaveBeenCalledWith('130000', expect.anything())
  })

  it('hands a user with one area range the region picker below it', () => {
    render(
      <AreaRegionSelect
        areaRegion={['150000']}
        value="150000"
        onChange={() => {}}
        regionPicker={(value) => <div>picker of {value}</div>}
      />,
    )
    expect(screen.getByText('picker of 150000')).toBeTruthy()
  })

  it('lists the declared spot types of the module after 全部类型', () => {
    const module = moduleOf('steelplant')
    render(<SpotTypeSelect module={module} value={undefined} onChange={() => {}} />)
    fireEvent.mouseDown(screen.getByRole('combobox'))
    expect(screen.getAllByText('全部类型').length).toBeGreaterThan(0)
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(module.spotTypes.length + 1)
  })

  it('gives roads a length column, photovoltaic land an area, wind turbines only the count', () => {
    const titles = (key: MonitorModuleKey) => renderHook(() => useMetricColumns(moduleOf(key))).result.current.map((c) => String(c.title))
    expect(titles('road')).toEqual(['数量（个）', '长度（千米）'])
    expect(titles('pvland')).toEqual(['数量（个）', '面积（平方千米）'])
    expect(titles('windmill')).toEqual(['数量（个）'])
  })
})
