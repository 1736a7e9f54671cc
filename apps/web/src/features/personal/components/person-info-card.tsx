import {
  EMAIL_PATTERN,
  INDUSTRIES,
  ORGANIZATION_TYPES,
  type PersonDetail,
  TELEPHONE_PATTERN,
  type VerifyChannel,
  type VerifyPurpose,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Select, Space } from 'antd'
import { type ReactNode, useState } from 'react'
import { Link } from '../../../components/link'
import { errorMessage } from '../../../lib/api-client'
import { OwnText, useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { changeContact, PERSON_KEY, updatePersonDetail, usePersonDetail } from '../api/person-detail'

/** What the route hands in from other features: the region picker and names, the code sender, a session refresh. */
export interface PersonSlots {
  renderPicker: (props: { value: string; onChange: (code: string) => void }) => ReactNode
  renderName: (code: string) => ReactNode
  renderCodeSender: (props: {
    purpose: VerifyPurpose
    channel: VerifyChannel
    getAddress: () => Promise<string | undefined>
    onSent: (token: string) => void
  }) => ReactNode
  /** Reloads the session's user information after a change. */
  onAccountChanged: () => Promise<void>
}

const LABEL_STYLES = { label: { width: 150, whiteSpace: 'nowrap' as const } }

type DetailForm = Pick<PersonDetail, 'realName' | 'organization' | 'purpose'> & {
  organizationType?: (typeof ORGANIZATION_TYPES)[number]
  industry?: (typeof INDUSTRIES)[number]
}

/** The person information collected at registration, editable; e-mail and telephone changed by a code; the password change linked. */
export function PersonInfoCard({ slots }: { slots: PersonSlots }) {
  const t = useT()
  const queryClient = useQueryClient()
  const detail = usePersonDetail()
  const [isEditing, setIsEditing] = useState(false)
  const [regionCode, setRegionCode] = useState(WHOLE_COUNTRY_CODE)
  const [saving, setSaving] = useState(false)
  const [form] = Form.useForm<DetailForm>()
  const [contactChannel, setContactChannel] = useState<VerifyChannel | null>(null)
  const none = <span className="muted">{t('personal.none')}</span>
  const d = detail.data

  const openEdit = () => {
    if (!d) return
    form.setFieldsValue({
      realName: d.realName,
      organization: d.organization,
      organizationType: d.organizationType ?? undefined,
      industry: d.industry ?? undefined,
      purpose: d.purpose ?? '',
    })
    setRegionCode(d.regionCode ?? WHOLE_COUNTRY_CODE)
    setIsEditing(true)
  }

  const handleSave = async () => {
    const values = await form.validateFields()
    if (!values.organizationType || !values.industry) return
    setSaving(true)
    try {
      await updatePersonDetail({
        realName: values.realName,
        organization: values.organization,
        organizationType: values.organizationType,
        industry: values.industry,
        purpose: values.purpose ?? '',
        regionCode,
      })
      notify.success(t('account.info.saved'))
      setIsEditing(false)
      await queryClient.invalidateQueries({ queryKey: PERSON_KEY })
      await slots.onAccountChanged()
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card
      title={t('account.info.person')}
      className="user-info__card"
      data-testid="person-info"
      extra={
        <Space>
          <Button size="small" onClick={() => setContactChannel('email')} data-testid="change-email">
            {t('account.info.changeEmail')}
          </Button>
          <Button size="small" onClick={() => setContactChannel('telephone')} data-testid="change-telephone">
            {t('account.info.changeTelephone')}
          </Button>
          <Link to="/resetPassword?mode=change">
            <Button size="small">{t('account.info.changePassword')}</Button>
          </Link>
          {d?.accountType === 0 ? (
            <Button size="small" type="primary" onClick={openEdit} data-testid="person-edit">
              {t('account.info.edit')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {detail.isError ? <Alert type="error" showIcon title={errorMessage(detail.error)} /> : null}
      {d && d.accountType !== 0 ? <p className="muted">{t('account.info.notPerson')}</p> : null}
      {d && d.accountType === 0 ? (
        <Descriptions
          column={2}
          bordered
          size="middle"
          styles={LABEL_STYLES}
          items={[
            { key: 'realName', label: t('account.register.realName'), children: d.realName ? <OwnText>{d.realName}</OwnText> : none },
            {
              key: 'organization',
              label: t('account.register.organization'),
              children: d.organization ? <OwnText>{d.organization}</OwnText> : none,
            },
            {
              key: 'organizationType',
              label: t('account.register.organizationType'),
              children: d.organizationType ? t(`account.organizationTypes.${d.organizationType}`) : none,
            },
            { key: 'region', label: t('account.register.region'), children: d.regionCode ? slots.renderName(d.regionCode) : none },
            { key: 'industry', label: t('account.register.industry'), children: d.industry ? t(`account.industries.${d.industry}`) : none },
            { key: 'purpose', label: t('account.register.purpose'), children: d.purpose ? <OwnText>{d.purpose}</OwnText> : none },
          ]}
        />
      ) : null}
      <Modal
        open={isEditing}
        width={640}
        title={t('account.info.person')}
        okText={t('account.info.save')}
        cancelText={t('account.info.cancel')}
        confirmLoading={saving}
        onCancel={() => setIsEditing(false)}
        onOk={() => void handleSave()}
        okButtonProps={{ ...({ 'data-testid': 'person-save' } as object) }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="realName" label={t('account.register.realName')} rules={[{ required: true, whitespace: true, max: 50 }]}>
            <Input maxLength={50} data-testid="person-realName" />
          </Form.Item>
          <Form.Item
            name="organization"
            label={t('account.register.organization')}
            rules={[{ required: true, whitespace: true, max: 100 }]}
          >
            <Input maxLength={100} data-testid="person-organization" />
          </Form.Item>
          <Form.Item name="organizationType" label={t('account.register.organizationType')} rules={[{ required: true }]}>
            <Select
              data-testid="person-organizationType"
              options={ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`account.organizationTypes.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('account.register.region')} required>
            {slots.renderPicker({ value: regionCode, onChange: setRegionCode })}
          </Form.Item>
          <Form.Item name="industry" label={t('account.register.industry')} rules={[{ required: true }]}>
            <Select data-testid="person-industry" options={INDUSTRIES.map((v) => ({ value: v, label: t(`account.industries.${v}`) }))} />
          </Form.Item>
          <Form.Item name="purpose" label={t('account.register.purpose')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input.TextArea rows={2} maxLength={200} placeholder={t('account.register.purposePlaceholder')} data-testid="person-purpose" />
          </Form.Item>
        </Form>
      </Modal>
      <ContactChangeModal channel={contactChannel} slots={slots} onClose={() => setContactChannel(null)} />
    </Card>
  )
}

/** 更换邮箱 / 更换手机: the new address, a code sent to it (captcha first), then the code. */
function ContactChangeModal({ channel, slots, onClose }: { channel: VerifyChannel | null; slots: PersonSlots; onClose: () => void }) {
  const t = useT()
  const [address, setAddress] = useState('')
  const [code, setCode] = useState('')
  const [token, setToken] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const pattern = channel === 'email' ? EMAIL_PATTERN : TELEPHONE_PATTERN
  const normalized = channel === 'email' ? address.trim().toLowerCase() : address.trim()

  const close = () => {
    setAddress('')
    setCode('')
    setToken(null)
    onClose()
  }

  const handleConfirm = async () => {
    if (!channel || !token) return notify.error(t('account.code.required'))
    setBusy(true)
    try {
      await changeContact(channel, normalized, code.trim(), token)
      notify.success(t(`account.info.changed.${channel}`))
      await slots.onAccountChanged()
      close()
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={channel !== null}
      destroyOnHidden
      title={channel ? t(`account.info.changeTitle.${channel}`) : ''}
      okText={t('account.info.save')}
      cancelText={t('account.info.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !token || !/^\d{6}$/.test(code.trim()), ...({ 'data-testid': 'contact-save' } as object) }}
      onCancel={close}
      onOk={() => void handleConfirm()}
    >
      {channel ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            value={address}
            placeholder={t(channel === 'email' ? 'account.info.newEmail' : 'account.info.newTelephone')}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="contact-address"
          />
          {slots.renderCodeSender({
            purpose: 'change',
            channel,
            getAddress: async () => {
              if (pattern.test(normalized)) return normalized
              notify.error(t(channel === 'email' ? 'account.validation.emailFormat' : 'account.validation.telephoneFormat'))
              return undefined
            },
            onSent: setToken,
          })}
          <Input
            value={code}
            maxLength={6}
            placeholder={t('account.code.placeholder')}
            onChange={(e) => setCode(e.target.value)}
            data-testid="contact-code"
          />
        </Space>
      ) : null}
    </Modal>
  )
}
