import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { zhCN } from '../../packages/shared/src/messages/zh-CN.ts'

/** The portal is served under /chinese/; the dev server forwards /api to the Fastify server. */
export default defineConfig({
  base: '/chinese/',
  plugins: [
    react(),
    {
      name: 'rs-app-name',
      transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', zhCN.app.name),
    },
  ],
  // satellite.js re-exports a WebAssembly propagator whose worker uses top-level await; only the
  // ES worker format can bundle it (the SGP4 functions the pages use tree-shake to ~25 kB)
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT || 3000}`, changeOrigin: false },
    },
  },
})
