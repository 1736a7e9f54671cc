import { type AdminUser, menuKeysOf, permissionName, punctuationNow, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Alert, Button, Checkbox, Modal, Space, Tag } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { setUserAreaRanges, setUserPermissions, usePermissionCatalogue } from '../api/manage-user'

/** The region picker and names, handed in by the route file (features do not import each other). */
export interface AdminRegionSlots {
  renderPicker: (props: { value: string; onChange: (code: string) => void }) => ReactNode
  renderName: (code: string) => ReactNode
}

/**
 * 编辑权限: the catalogue's permissions by name as checkboxes (a module's menu display keys follow it)
 * and the area ranges chosen one by one with the region picker. Saved as two audited calls.
 */
export function UserRightsEditor({
  user,
  regions,
  onClose,
}: {
  user: AdminUser | null
  regions: AdminRegionSlots
  onClose: (saved: boolean) => void
}) {
  const t = useT()
  const catalogue = usePermissionCatalogue()
  const [permissions, setPermissions] = useState<string[]>([])
  const [regionIds, setRegionIds] = useState<string[]>([])
  const [picked, setPicked] = useState(WHOLE_COUNTRY_CODE)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    setPermissions(user?.permissions ?? [])
    setRegionIds(user?.regionIds ?? [])
  }, [user])

  const modules = (catalogue.data ?? []).filter((p) => !p.code.endsWith('_DISPLAY'))
  const moduleCodes = new Set(modules.map((p) => p.code))
  const checked = permissions.filter((c) => moduleCodes.has(c))

  const handleSave = async () => {
    if (!user) return
    setSaving(true)
    try {
      await setUserPermissions(user.id, permissions)
      await setUserAreaRanges(user.id, regionIds)
      notify.success(t('admin.users.saved', { name: user.username }))
      onClose(true)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={user !== null}
      width={720}
      title={user ? t('admin.users.editTitle', { name: user.username }) : ''}
      onCancel={() => onClose(false)}
      okText={t('admin.users.save')}
      cancelText={t('admin.users.cancel')}
      confirmLoading={saving}
      onOk={() => void handleSave()}
      okButtonProps={{ ...({ 'data-testid': 'rights-save' } as object) }}
    >
      {catalogue.isError ? <Alert type="error" showIcon title={errorMessage(catalogue.error)} /> : null}
      <h3 className="admin__section">{t('admin.users.editPermissions')}</h3>
      <Checkbox.Group
        className="admin__permissions"
        value={checked}
        onChange={(values) => {
          // a module brings its menu display keys (its entry and its group's); other keys stay as they were
          const checkedModules = values as string[]
          const derivable = new Set(modules.flatMap((p) => menuKeysOf(p.code)))
          const kept = permissions.filter((c) => !moduleCodes.has(c) && !derivable.has(c))
          setPermissions([...new Set([...kept, ...checkedModules, ...checkedModules.flatMap((code) => menuKeysOf(code))])])
        }}
        options={modules.map((p) => ({ value: p.code, label: permissionName(t, p.code, p.name) + punctuationNow().paren(p.code) }))}
        data-testid="rights-permissions"
      />
      <h3 className="admin__section">{t('admin.users.editRegions')}</h3>
      <Space wrap align="start">
        {regions.renderPicker({ value: picked, onChange: setPicked })}
        <Button onClick={() => !regionIds.includes(picked) && setRegionIds([...regionIds, picked])} data-testid="rights-add-region">
          {t('admin.users.addRegion')}
        </Button>
      </Space>
      <div className="admin__regions" data-testid="rights-regions">
        {regionIds.length === 0 ? <span className="admin__muted">{t('admin.users.none')}</span> : null}
        {regionIds.map((code) => (
          <Tag key={code} closable color="blue" onClose={() => setRegionIds(regionIds.filter((c) => c !== code))}>
            {regions.renderName(code)}
          </Tag>
        ))}
      </div>
    </Modal>
  )
}
