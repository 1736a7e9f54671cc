import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { zhCN } from '../../packages/shared/src/messages/zh-CN.ts'

/**
 * The portal is served under /chinese/; the dev server forwards /api to the Fastify server.
 * `vite build` writes the browser's files to dist/ (with .vite/manifest.json: which files each
 * screen needs); `vite build --ssr` writes the page renderer the server runs (src/app/entry-server.tsx)
 * to dist-ssr/, every dependency bundled in.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/chinese/',
  plugins: [
    react(),
    {
      name: 'rs-app-name',
      transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', zhCN.app.name),
    },
    // brotli (quality 11) and gzip copies next to each asset, served as they are by the server
    // (@fastify/static preCompressed) instead of being compressed again on every request
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|mjs|css|html|svg|json|wasm)$/,
        threshold: 1024,
      }),
  ],
  // satellite.js re-exports a WebAssembly propagator whose worker uses top-level await; only the
  // ES worker format can bundle it (the SGP4 functions the pages use tree-shake to ~25 kB)
  worker: { format: 'es' },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200, manifest: true },
  ssr: { noExternal: true },
  // the renderer runs React and antd in production mode whatever NODE_ENV the server has, so its
  // markup and class names are those the browser's production build hydrates
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT || 3000}`, changeOrigin: false },
    },
  },
}))
