import { cityOf, provinceOf, type Region, regionContains, regionLevel, WHOLE_COUNTRY_CODE } from '@rs/shared'

/** The picker's three levels (SPEC §3 region selection); empty levels are undefined. */
export interface RegionSelection {
  province?: string
  city?: string
  county?: string
}

/** What the code rules imply: a county's city is its first four digits + 00 (the database may say otherwise). */
export function selectionFromCode(code: string): RegionSelection {
  const level = regionLevel(code)
  if (level === 'country') return {}
  if (level === 'province') return { province: code }
  if (level === 'city') return { province: provinceOf(code), city: code }
  return { province: provinceOf(code), city: cityOf(code), county: code }
}

/** The selection of a parent chain (province first, the region itself last). */
export function selectionFromChain(chain: ReadonlyArray<Pick<Region, 'code' | 'level'>>): RegionSelection {
  const selection: RegionSelection = {}
  for (const region of chain) {
    if (region.level === 'province') selection.province = region.code
    else if (region.level === 'city') selection.city = region.code
    else if (region.level === 'county') selection.county = region.code
  }
  return selection
}

/** The code the selection stands for: the deepest chosen level, or the whole country. */
export function codeOfSelection(selection: RegionSelection): string {
  return selection.county ?? selection.city ?? selection.province ?? WHOLE_COUNTRY_CODE
}

/**
 * Whether a picker's option leads into the allowed regions (`within`, e.g. a user's area ranges):
 * it lies inside one of them, or is a parent on the way down to one. Anything goes without `within`.
 */
export function isPickable(code: string, within?: readonly string[]): boolean {
  if (!within) return true
  return within.some((allowed) => allowed === WHOLE_COUNTRY_CODE || regionContains(allowed, code) || regionContains(code, allowed))
}

export function sameSelection(a: RegionSelection, b: RegionSelection): boolean {
  return a.province === b.province && a.city === b.city && a.county === b.county
}

export interface ParentsApi {
  /** The chain from the province down to the region itself. */
  parents: (code: string) => Promise<Region[]>
  /** One region with its parentRegionId. */
  detail: (code: string) => Promise<Region>
}

/**
 * SPEC §4 parent correction: fetches a region's real city and province and answers the selection
 * they make, and whether it differs from what the code digits imply. Falls back to walking
 * parentRegionId when the parents call fails; with neither, keeps the code rules.
 */
export async function correctSelection(code: string, api: ParentsApi): Promise<{ selection: RegionSelection; corrected: boolean }> {
  const guess = selectionFromCode(code)
  if (regionLevel(code) === 'country' || regionLevel(code) === 'province') return { selection: guess, corrected: false }
  let chain: Array<Pick<Region, 'code' | 'level'>> | undefined
  try {
    chain = await api.parents(code)
  } catch {
    try {
      chain = []
      let next: string | null = code
      for (let hops = 0; next && next !== WHOLE_COUNTRY_CODE && hops < 4; hops++) {
        const region: Region = await api.detail(next)
        chain.unshift(region)
        next = region.parentRegionId
      }
    } catch {
      chain = undefined
    }
  }
  if (!chain || chain.length === 0) return { selection: guess, corrected: false }
  const selection = selectionFromChain(chain)
  return { selection, corrected: !sameSelection(selection, guess) }
}
