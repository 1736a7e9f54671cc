import { create } from 'zustand'

/** The fill screen's choice (SPEC §3 purchase-plan state: plan year, regionId): kept while the person moves between screens. */
interface PlanFillState {
  year: number | undefined
  unitRegion: string | undefined
  setYear: (year: number) => void
  setUnitRegion: (code: string) => void
}

export const usePlanFillStore = create<PlanFillState>((set) => ({
  year: undefined,
  unitRegion: undefined,
  setYear: (year) => set({ year }),
  setUnitRegion: (unitRegion) => set({ unitRegion }),
}))

/** The year a screen opens on: the chosen one if it exists, else the first that takes plans, else the newest. */
export function defaultYear(years: ReadonlyArray<{ year: number; takesFilling: boolean }>, chosen: number | undefined): number | undefined {
  if (chosen !== undefined && years.some((y) => y.year === chosen)) return chosen
  return (years.find((y) => y.takesFilling) ?? years[0])?.year
}
