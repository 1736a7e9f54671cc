import { buildLegendItems, type LegendItem, type LegendPaletteName, type LegendSwitch, toggleLegendItem } from '@rs/shared'
import { useMemo, useState } from 'react'
import { useT } from '../lib/i18n'

/** Legend state for a maximum value: items rebuilt when the maximum or palette changes, toggles follow the 'all' rule. */
export function useLegend(max: number, palette: LegendPaletteName = 'yellowRed') {
  const t = useT()
  const [mode, setMode] = useState<LegendSwitch>('num')
  const base = useMemo(
    () =>
      buildLegendItems(
        max,
        { all: t('legend.all'), noData: t('legend.noData'), range: (from, to) => t('legend.range', { from, to }) },
        palette,
      ),
    [max, palette, t],
  )
  const [state, setState] = useState<{ base: LegendItem[]; items: LegendItem[] }>({ base, items: base })
  const items = state.base === base ? state.items : base
  return {
    items,
    mode,
    setMode,
    toggle: (value: string) => setState({ base, items: toggleLegendItem(items, value) }),
  }
}
