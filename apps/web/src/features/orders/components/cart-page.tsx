import { ORDER_LIMITS } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Modal, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { cartChanged } from '../../../lib/cart'
import { useT } from '../../../lib/i18n'
import { navigateTo } from '../../../lib/navigation'
import { notify } from '../../../lib/notify'
import { cartKey, removeFromCart, submitOrder, useCart } from '../api/orders-api'
import { SceneTable } from './scene-table'

interface OrderForm {
  purpose: string
  project: string
  terms: boolean
}

/** 购物车: the scenes with quicklook, satellite, Beijing time and cloud; remove; select and submit an order. */
export function CartPage({ myOrdersPath }: { myOrdersPath: string }) {
  const t = useT()
  const queryClient = useQueryClient()
  const cart = useCart()
  const [selected, setSelected] = useState<string[]>([])
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<OrderForm>()

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: cartKey })
    cartChanged()
  }
  const remove = async (ids: string[]) => {
    try {
      const { removed } = await removeFromCart(ids)
      notify.success(t('order.cart.removed', { removed }))
      setSelected((s) => s.filter((id) => !ids.includes(id)))
      await reload()
    } catch (error) {
      notify.error(errorMessage(error))
    }
  }
  const submit = async (values: OrderForm) => {
    setBusy(true)
    try {
      await submitOrder({ sceneIds: selected, purpose: values.purpose, project: values.project })
      notify.success(t('order.form.submitted'))
      setOpen(false)
      setSelected([])
      form.resetFields()
      await reload()
      await queryClient.invalidateQueries({ queryKey: ['orders'] })
      void navigateTo(myOrdersPath)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const items = cart.data?.items ?? []
  return (
    <Card title={t('order.cart.title')} data-testid="cart-page">
      <Typography.Paragraph type="secondary">{t('order.cart.intro', { max: cart.data?.max ?? ORDER_LIMITS.cartMax })}</Typography.Paragraph>
      {cart.error != null && <Alert type="error" showIcon title={errorMessage(cart.error)} />}
      {cart.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty description={t('order.cart.empty')}>
          <Button type="primary" onClick={() => void navigateTo('/normal')}>
            {t('order.cart.goQuery')}
          </Button>
        </Empty>
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text data-testid="cart-selected">{t('order.cart.selected', { count: selected.length })}</Typography.Text>
            <Button disabled={selected.length === 0} onClick={() => void remove(selected)} data-testid="cart-remove-selected">
              {t('order.cart.removeChecked')}
            </Button>
            <Button type="primary" disabled={selected.length === 0} onClick={() => setOpen(true)} data-testid="cart-submit">
              {t('order.cart.submit')}
            </Button>
          </Space>
          <SceneTable
            testId="cart-table"
            scenes={items}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (s) => ({ disabled: !s.available }),
            }}
            actions={(s) => (
              <Button size="small" type="link" danger onClick={() => void remove([s.id])} data-testid="cart-remove">
                {t('order.cart.remove')}
              </Button>
            )}
          />
        </>
      )}
      <Modal
        title={t('order.form.title')}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('order.cart.submit')}
        confirmLoading={busy}
        okButtonProps={{ ...({ 'data-testid': 'order-form-ok' } as object) }}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('order.cart.selected', { count: selected.length })}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="order-form">
          <Form.Item
            name="project"
            label={t('order.form.project')}
            rules={[{ required: true, whitespace: true, message: t('order.form.projectRequired') }]}
          >
            <Input maxLength={ORDER_LIMITS.projectMax} data-testid="order-project" />
          </Form.Item>
          <Form.Item
            name="purpose"
            label={t('order.form.purpose')}
            rules={[{ required: true, whitespace: true, message: t('order.form.purposeRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={ORDER_LIMITS.purposeMax}
              placeholder={t('order.form.purposePlaceholder')}
              data-testid="order-purpose"
            />
          </Form.Item>
          <Form.Item
            name="terms"
            valuePropName="checked"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('order.form.termsRequired')))) }]}
          >
            <Checkbox data-testid="order-terms">{t('order.form.terms')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
