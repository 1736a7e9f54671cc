/**
 * Rendering a visitor's page (lib/page-render.ts) in a worker thread: React's renderer and antd's
 * style extraction take 0.1–0.5 s of CPU a page, which on the event loop delayed the first
 * requests after a start. The web's renderer (dist-ssr/entry-server.js) is loaded once per thread.
 */

interface WebRenderer {
  renderPage(url: string, state?: unknown): Promise<{ html: string; styles: string }>
}

const renderers = new Map<string, Promise<WebRenderer>>()

export interface RenderPageInput {
  /** File URL of the built renderer; the server's own path, never from a request. */
  entry: string
  url: string
  state: unknown
}

export async function renderPageTask({ entry, url, state }: RenderPageInput): Promise<{ html: string; styles: string }> {
  let renderer = renderers.get(entry)
  if (!renderer) {
    renderer = import(entry) as Promise<WebRenderer>
    renderers.set(entry, renderer)
    renderer.catch(() => renderers.delete(entry))
  }
  return (await renderer).renderPage(url, state)
}
