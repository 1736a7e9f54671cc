import { cartAdd } from '@rs/shared/api-paths'
import { callApi, errorMessage } from './api-client'
import { getT } from './i18n'
import { notify } from './notify'
import { readToken } from './token-storage'

type Listener = () => void
const listeners = new Set<Listener>()

/** Called after the cart changed (the header's count reloads); the auth feature subscribes. */
export function onCartChanged(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function cartChanged(): void {
  for (const listener of listeners) listener()
}

/**
 * Adds scenes to the cart from any screen (one scene, the checked ones, a cover); duplicates are
 * merged by the server. Answers whether it worked; the outcome is shown as a toast.
 */
export async function addToCart(sceneIds: readonly string[]): Promise<boolean> {
  const t = getT()
  if (!readToken()) {
    notify.warning(t('order.cart.loginFirst'))
    return false
  }
  try {
    const { added, count } = await callApi(cartAdd, { body: { sceneIds: [...sceneIds] } })
    notify.success(t('order.cart.added', { added, count }))
    cartChanged()
    return true
  } catch (error) {
    notify.error(errorMessage(error))
    return false
  }
}
