import type { OrderState } from '@rs/shared'
import {
  cartList,
  cartRemove,
  normalmetaQuicklook,
  orderCancel,
  orderDetail,
  orderDownload,
  orderList,
  orderRetry,
  orderReview,
  orderReviewList,
  orderSubmit,
} from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiUrl, callApi } from '../../../lib/api-client'
import { downloadFromApi } from '../../../lib/download'

export interface OrderFilterState {
  status?: OrderState
  from?: string
  to?: string
  pageNum: number
  pageSize: number
}

export const cartKey = ['orders', 'cart'] as const

export function useCart() {
  return useQuery({ queryKey: cartKey, queryFn: ({ signal }) => callApi(cartList, { signal }), retry: false })
}

export const removeFromCart = (sceneIds: string[]) => callApi(cartRemove, { body: { sceneIds } })

export const submitOrder = (body: { sceneIds: string[]; purpose: string; project: string }) =>
  callApi(orderSubmit, { body: { ...body, acceptTerms: true } })

/** My orders, or every order for a reviewer; refreshed while one is in production. */
export function useOrders(filter: OrderFilterState, review = false) {
  return useQuery({
    queryKey: ['orders', review ? 'review' : 'mine', filter],
    queryFn: ({ signal }) => callApi(review ? orderReviewList : orderList, { query: filter, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.list.some((o) => o.status === 'producing' || o.status === 'approved') ? 2000 : false),
  })
}

export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => callApi(orderDetail, { query: { id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'producing' || q.state.data?.status === 'approved' ? 1500 : false),
  })
}

export const cancelOrder = (id: number) => callApi(orderCancel, { body: { id } })

export const reviewOrder = (id: number, decision: 'approve' | 'reject', reason?: string) =>
  callApi(orderReview, { body: { id, decision, ...(reason ? { reason } : {}) } })

export const retryOrder = (id: number) => callApi(orderRetry, { body: { id } })

export const quicklookSrc = (id: string, size = 64) => apiUrl(normalmetaQuicklook, { id, size })

/**
 * Downloads the package with the extraction code: fetched with the session token (a plain link
 * cannot send it) and saved under its name.
 */
export const downloadPackage = (id: number, code: string) =>
  downloadFromApi(orderDownload, { id, code: code.trim().toUpperCase() }, `order-${id}.zip`)
