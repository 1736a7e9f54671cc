import { type Region, regionLevel, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Button, Select, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { useRegionChildren } from '../api/fetch-region-children'
import { regionParentsApi } from '../api/fetch-region-parents'
import {
  codeOfSelection,
  correctSelection,
  isPickable,
  type ParentsApi,
  type RegionSelection,
  selectionFromCode,
} from '../utils/region-selection'

export interface RegionPickerProps {
  /** The chosen six-digit code; 100000 is the whole country. */
  value: string
  onChange: (code: string) => void
  /** Told when the parent correction changed the shown city or province. */
  onCorrected?: (selection: RegionSelection) => void
  /** The parent lookups (the region API by default; tests pass fakes). */
  parentsApi?: ParentsApi
  disabled?: boolean
  /** Offer only these regions (e.g. the user's area ranges) and the parents leading down to them; 全国 only when it is one. */
  within?: readonly string[]
}

function options(regions: Region[] | undefined, within?: readonly string[]) {
  return (regions ?? []).filter((r) => isPickable(r.code, within)).map((r) => ({ value: r.code, label: r.name, level: r.level }))
}

/** Province → city → county cascade plus 全国; emits the code of the deepest chosen level. */
export function RegionPicker({ value, onChange, onCorrected, parentsApi = regionParentsApi, disabled, within }: RegionPickerProps) {
  const t = useT()
  const [selection, setSelection] = useState<RegionSelection>(() => selectionFromCode(value))
  const provinces = useRegionChildren(WHOLE_COUNTRY_CODE)
  const cities = useRegionChildren(selection.province)
  const counties = useRegionChildren(selection.city)

  // SPEC §4: a county (or city) fetches its real parents and corrects the selection when they differ
  useEffect(() => {
    let current = true
    setSelection((shown) => (codeOfSelection(shown) === value ? shown : selectionFromCode(value)))
    if (regionLevel(value) === 'county' || regionLevel(value) === 'city') {
      void correctSelection(value, parentsApi).then(({ selection: real, corrected }) => {
        if (!current) return
        setSelection(real)
        if (corrected) onCorrected?.(real)
      })
    }
    return () => {
      current = false
    }
  }, [value, parentsApi, onCorrected])

  const choose = (next: RegionSelection) => {
    setSelection(next)
    onChange(codeOfSelection(next))
  }

  const cityOptions = options(cities.data, within)
  const loadFailed = provinces.isError || cities.isError || counties.isError

  return (
    <div className="region-picker" data-testid="region-picker">
      <Space wrap size={8}>
        <Button
          type={value === WHOLE_COUNTRY_CODE ? 'primary' : 'default'}
          onClick={() => choose({})}
          disabled={disabled || (within !== undefined && !within.includes(WHOLE_COUNTRY_CODE))}
          data-testid="region-country"
          autoInsertSpace={false}
        >
          {t('picker.country')}
        </Button>
        <Select
          data-testid="region-province"
          style={{ width: 150 }}
          placeholder={t('picker.placeholderProvince')}
          aria-label={t('picker.province')}
          value={selection.province}
          options={options(provinces.data, within)}
          loading={provinces.isLoading}
          disabled={disabled}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          onChange={(code?: string) => choose(code ? { province: code } : {})}
        />
        <Select
          data-testid="region-city"
          style={{ width: 150 }}
          placeholder={t('picker.placeholderCity')}
          aria-label={t('picker.city')}
          value={selection.city ?? (selection.county && !selection.city ? selection.county : undefined)}
          options={cityOptions}
          loading={cities.isLoading}
          disabled={disabled || !selection.province}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          onChange={(code?: string) => {
            if (!code) return choose({ province: selection.province })
            // some counties hang directly under their province
            const level = cityOptions.find((o) => o.value === code)?.level
            choose(level === 'county' ? { province: selection.province, county: code } : { province: selection.province, city: code })
          }}
        />
        <Select
          data-testid="region-county"
          style={{ width: 150 }}
          placeholder={t('picker.placeholderCounty')}
          aria-label={t('picker.county')}
          value={selection.city ? selection.county : undefined}
          options={options(counties.data, within)}
          loading={counties.isLoading}
          disabled={disabled || !selection.city}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          onChange={(code?: string) => choose({ province: selection.province, city: selection.city, county: code })}
        />
      </Space>
      {loadFailed && (
        <div role="alert" style={{ color: '#cf1322', marginTop: 4, fontSize: 12 }}>
          {t('picker.loadFailed')}
        </div>
      )}
    </div>
  )
}
