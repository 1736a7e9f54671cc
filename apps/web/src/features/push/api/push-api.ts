import type { PushNodeInput, PushState } from '@rs/shared'
import {
  pushBatches,
  pushCreate,
  pushNodeProbe,
  pushNodeSave,
  pushNodes,
  pushPreview,
  pushRetry,
  pushStatistics,
} from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export const PUSH_KEY = ['push'] as const

/** GET the push nodes (系统管理). */
export function usePushNodes() {
  return useQuery({ queryKey: [...PUSH_KEY, 'nodes'], queryFn: ({ signal }) => callApi(pushNodes, { signal }) })
}

/** GET a page of push batches (系统管理); refreshed every 2 s while one is on its way. */
export function usePushBatches(filter: { nodeId?: number; state?: PushState; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...PUSH_KEY, 'batches', filter],
    queryFn: ({ signal }) => callApi(pushBatches, { query: filter as never, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.state === 'pushing' || b.state === 'pending') ? 2_000 : false),
  })
}

/** GET the public push statistics by one dimension. */
export function usePushStatistics(query: { by: string; period?: string; class?: string }) {
  return useQuery({
    queryKey: [...PUSH_KEY, 'statistics', query],
    queryFn: ({ signal }) => callApi(pushStatistics, { query: query as never, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

export type PushSelection = { nodeId: number; sceneIds?: string[]; newSinceLastPush?: boolean }

/** POST a node (new without id); audited. */
export const saveNode = (node: PushNodeInput & { id?: number }) => callApi(pushNodeSave, { body: node as never })
/** POST: write, read back and remove a probe where the node delivers. */
export const probeNode = (id: number) => callApi(pushNodeProbe, { body: { id } })
/** POST: what a push would take. */
export const previewPush = (selection: PushSelection) => callApi(pushPreview, { body: selection as never })
/** POST: push a batch (produced and delivered off the request). */
export const createPush = (selection: PushSelection) => callApi(pushCreate, { body: selection as never })
/** POST: push a failed batch again. */
export const retryPush = (id: number) => callApi(pushRetry, { body: { id } })
