import { UploadOutlined } from '@ant-design/icons'
import {
  type MonitorModuleDecl,
  type MonitorModuleKey,
  punctuationNow,
  VERIFICATION_LIMITS,
  VERIFICATION_RESULTS,
  type VerificationResult,
  type VerificationStep,
} from '@rs/shared'
import { Alert, Button, Divider, Image, Input, InputNumber, Radio, Space, Tag, Timeline, Typography, Upload, type UploadFile } from 'antd'
import { useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { formatBeijing } from '../../../lib/time'
import { usePhotoUrl, useRecordCheck, useReviewCheck, useVerification } from '../api/verification'

const STATE_COLORS = { unchecked: 'default', recorded: 'processing', accepted: 'success', returned: 'warning' } as const
const MB = 1024 * 1024

function Photo({ module, id, name }: { module: MonitorModuleKey; id: number; name: string }) {
  const url = usePhotoUrl(module, id)
  return url ? (
    <Image src={url} alt={name} width={72} height={54} style={{ objectFit: 'cover' }} data-testid="verify-photo" />
  ) : (
    <span style={{ display: 'inline-block', width: 72, height: 54, background: '#f0f0f0' }} />
  )
}

function Step({ module, step }: { module: MonitorModuleKey; step: VerificationStep }) {
  const t = useT()
  return (
    <div data-testid="verify-step" data-event={step.event}>
      <Typography.Text strong>{t(`monitorVerify.event.${step.event}`)}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        {t('monitorVerify.by', { name: step.actorName, user: step.actor })} · {formatBeijing(step.at, 'YYYY-MM-DD HH:mm')}
      </Typography.Text>
      {step.result && (
        <div>
          {punctuationNow().label(t('monitorVerify.resultLabel'))}
          <Tag>{t(`monitorVerify.result.${step.result}`)}</Tag>
        </div>
      )}
      {step.note && (
        <div>
          {punctuationNow().label(t('monitorVerify.noteLabel'))}
          {step.note}
        </div>
      )}
      {step.position && (
        <div style={{ fontSize: 12 }}>
          {punctuationNow().label(t('monitorVerify.positionLabel'))}
          {step.position[0].toFixed(6)}, {step.position[1].toFixed(6)}
        </div>
      )}
      {step.reason && (
        <div>
          {punctuationNow().label(t('monitorVerify.reasonLabel'))}
          <Typography.Text type="warning">{step.reason}</Typography.Text>
        </div>
      )}
      {step.photos.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={4} style={{ marginTop: 4 }}>
            {step.photos.map((p) => (
              <Photo key={p.id} module={module} id={p.id} name={p.fileName} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </div>
  )
}

/**
 * 实地核查 in a spot's card: the state, every step (who, when, result, note, position, photos,
 * reason), the province user's form (result, note, position prefilled with the spot's centre,
 * 1–6 JPEG/PNG photos) and the ministry's accept / return. The server decides what is allowed
 * (the answer's `allowed`); this only shows it.
 */
export function VerificationSection({ module, spotId, center }: { module: MonitorModuleDecl; spotId: number; center: [number, number] }) {
  const t = useT()
  const key = module.key as MonitorModuleKey
  const check = useVerification(key, spotId)
  const record = useRecordCheck(key)
  const review = useReviewCheck(key)
  const [result, setResult] = useState<VerificationResult>('true')
  const [note, setNote] = useState('')
  const [lon, setLon] = useState<number | null>(center[0])
  const [lat, setLat] = useState<number | null>(center[1])
  const [files, setFiles] = useState<UploadFile[]>([])
  const [reason, setReason] = useState('')
  useEffect(() => {
    setLon(center[0])
    setLat(center[1])
    setFiles([])
    setNote('')
    setReason('')
  }, [center])

  const data = check.data
  if (check.error) return <Typography.Text type="danger">{errorMessage(check.error)}</Typography.Text>
  if (!data) return null
  const submit = () => {
    if (lon === null || lat === null) return
    record.mutate(
      { id: spotId, result, note, lon, lat, photos: files.map((f) => f.originFileObj as File).filter(Boolean) },
      {
        onSuccess: () => {
          notify.success(t('monitorVerify.recorded'))
          setFiles([])
          setNote('')
        },
      },
    )
  }
  const decide = (decision: 'accept' | 'return') =>
    review.mutate(
      { id: spotId, decision, ...(decision === 'return' ? { reason } : {}) },
      {
        onSuccess: () => {
          notify.success(t(decision === 'accept' ? 'monitorVerify.accepted' : 'monitorVerify.returned'))
          setReason('')
        },
      },
    )
  const error = record.error ?? review.error
  return (
    <div data-testid="verify-section" data-state={data.state}>
      <Divider plain style={{ margin: '12px 0 8px' }}>
        {t('monitorVerify.title')}
      </Divider>
      {!data.needsCheck ? (
        <Typography.Text type="secondary">{t('monitorVerify.notNeeded')}</Typography.Text>
      ) : (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Tag color={STATE_COLORS[data.state]} data-testid="verify-state">
              {t(`monitorVerify.state.${data.state}`)}
            </Tag>
            {data.role && <Typography.Text type="secondary">{t(`monitorVerify.role.${data.role}`)}</Typography.Text>}
          </Space>
          <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
            {t('monitorVerify.history')}
          </Typography.Text>
          {data.history.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('monitorVerify.noHistory')}</Typography.Paragraph>
          ) : (
            <Timeline
              style={{ marginTop: 8 }}
              data-testid="verify-history"
              items={data.history.map((s) => ({
                key: s.id,
                color: s.event === 'accept' ? 'green' : s.event === 'return' ? 'orange' : 'blue',
                children: <Step module={key} step={s} />,
              }))}
            />
          )}
          {error && <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 8 }} data-testid="verify-error" />}
          {data.allowed.includes('record') && (
            <div data-testid="verify-form">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Radio.Group
                  value={result}
                  onChange={(e) => setResult(e.target.value)}
                  options={VERIFICATION_RESULTS.map((r) => ({ value: r, label: t(`monitorVerify.result.${r}`) }))}
                  aria-label={t('monitorVerify.resultLabel')}
                />
                <Input.TextArea
                  rows={2}
                  maxLength={VERIFICATION_LIMITS.noteMax}
                  placeholder={t('monitorVerify.noteLabel')}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  data-testid="verify-note"
                />
                <Space wrap>
                  <Typography.Text>{t('monitorVerify.positionLabel')}</Typography.Text>
                  <InputNumber
                    aria-label={t('monitorVerify.lonLabel')}
                    value={lon}
                    onChange={(v) => setLon(v)}
                    min={-180}
                    max={180}
                    step={0.0001}
                    style={{ width: 130 }}
                  />
                  <InputNumber
                    aria-label={t('monitorVerify.latLabel')}
                    value={lat}
                    onChange={(v) => setLat(v)}
                    min={-90}
                    max={90}
                    step={0.0001}
                    style={{ width: 120 }}
                  />
                  <Button
                    size="small"
                    onClick={() => {
                      setLon(center[0])
                      setLat(center[1])
                    }}
                  >
                    {t('monitorVerify.useSpotCenter')}
                  </Button>
                </Space>
                <Upload
                  accept="image/jpeg,image/png"
                  multiple
                  listType="picture"
                  maxCount={VERIFICATION_LIMITS.photosMax}
                  fileList={files}
                  beforeUpload={() => false}
                  onChange={({ fileList }) => setFiles(fileList)}
                >
                  <Button icon={<UploadOutlined />} data-testid="verify-photos">
                    {t('monitorVerify.photosLabel')}
                  </Button>
                </Upload>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('monitorVerify.photosHint', {
                    min: VERIFICATION_LIMITS.photosMin,
                    max: VERIFICATION_LIMITS.photosMax,
                    size: `${VERIFICATION_LIMITS.photoMaxBytes / MB} MB`,
                  })}
                </Typography.Text>
                <Button
                  type="primary"
                  loading={record.isPending}
                  disabled={files.length === 0 || lon === null || lat === null}
                  onClick={submit}
                  data-testid="verify-submit"
                >
                  {t('monitorVerify.submit')}
                </Button>
              </Space>
            </div>
          )}
          {data.allowed.includes('accept') && (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="verify-review">
              <Input.TextArea
                rows={2}
                maxLength={VERIFICATION_LIMITS.reasonMax}
                placeholder={t('monitorVerify.reasonPlaceholder')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                data-testid="verify-reason"
              />
              <Space>
                <Button type="primary" loading={review.isPending} onClick={() => decide('accept')} data-testid="verify-accept">
                  {t('monitorVerify.accept')}
                </Button>
                <Button
                  danger
                  disabled={reason.trim() === ''}
                  loading={review.isPending}
                  onClick={() => decide('return')}
                  data-testid="verify-return"
                >
                  {t('monitorVerify.return')}
                </Button>
              </Space>
            </Space>
          )}
        </>
      )}
    </div>
  )
}
