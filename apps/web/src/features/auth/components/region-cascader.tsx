import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import { regionChildren } from '@rs/shared/api-paths'
import { Cascader } from 'antd'
import { useEffect, useState } from 'react'
import { callApi } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'

interface Option {
  value: string
  label: string
  isLeaf?: boolean
  children?: Option[]
}

export interface RegionCascaderProps {
  value?: string[]
  onChange?: (value: string[]) => void
  id?: string
}

/** Province → city of the person information, loaded level by level from the region API. */
export function RegionCascader({ value, onChange, id }: RegionCascaderProps) {
  const t = useT()
  const [options, setOptions] = useState<Option[]>([])

  useEffect(() => {
    let live = true
    callApi(regionChildren, { query: { code: WHOLE_COUNTRY_CODE } })
      .then((rows) => {
        if (live) setOptions(rows.map((r) => ({ value: r.code, label: r.name, isLeaf: false })))
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])

  const loadData = async (path: Option[]) => {
    const target = path[path.length - 1]
    if (!target) return
    const rows = await callApi(regionChildren, { query: { code: target.value } }).catch(() => [])
    target.children = rows.map((r) => ({ value: r.code, label: r.name, isLeaf: true }))
    target.isLeaf = rows.length === 0
    setOptions((o) => [...o])
  }

  return (
    <Cascader
      id={id}
      options={options}
      loadData={(path) => void loadData(path as Option[])}
      value={value}
      onChange={(v) => onChange?.((v as string[] | undefined) ?? [])}
      placeholder={t('account.register.regionPlaceholder')}
      aria-label={t('account.register.regionPlaceholder')}
      changeOnSelect
      data-testid="register-region"
    />
  )
}
