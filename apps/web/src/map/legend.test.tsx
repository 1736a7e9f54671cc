import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '../test/render'
import { MapLegend } from './legend'
import { useLegend } from './use-legend'

function Harness({ max }: { max: number }) {
  const legend = useLegend(max)
  return <MapLegend items={legend.items} mode={legend.mode} onToggle={legend.toggle} onModeChange={legend.setMode} />
}

const box = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement

describe('MapLegend', () => {
  it('shows ten classes with two-decimal bounds, no data, and all checked', () => {
    render(<Harness max={25} />)
    expect(box('全部').checked).toBe(true)
    expect(box('0.00 – 2.50')).toBeTruthy()
    expect(box('22.50 – 25.00')).toBeTruthy()
    expect(box('无数据').checked).toBe(false)
    expect(screen.getByText('个')).toBeTruthy()
  })

  it('checks all again when the last class is unchecked, and switches to area', () => {
    render(<Harness max={10} />)
    fireEvent.click(box('1.00 – 2.00'))
    expect(box('全部').checked).toBe(false)
    expect(box('1.00 – 2.00').checked).toBe(true)
    fireEvent.click(box('1.00 – 2.00'))
    expect(box('全部').checked).toBe(true)
    fireEvent.click(screen.getByText('面积'))
    expect(screen.getByText('平方千米')).toBeTruthy()
  })
})
