import { Component, type ReactNode } from 'react'
import { isChunkLoadError } from '../lib/chunk-load'
import { ChunkErrorView } from './chunk-error-view'

interface Props {
  children: ReactNode
  /** What to show for errors that are not chunk failures; rethrown when absent. */
  fallback?: ReactNode
}

/** Catches a failed lazy import below it and shows the reload view instead of a blank area. */
export class ChunkBoundary extends Component<Props, { error: unknown }> {
  state = { error: undefined as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  render() {
    const { error } = this.state
    if (error === undefined) return this.props.children
    if (isChunkLoadError(error)) return <ChunkErrorView reason={error.reason} />
    if (this.props.fallback !== undefined) return this.props.fallback
    throw error
  }
}
