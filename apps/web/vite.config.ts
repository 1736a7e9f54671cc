import { cpSync, createReadStream, existsSync, statSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { appZh } from '../../packages/shared/src/messages/sections/app.ts'

const CESIUM_BUILD = path.resolve(import.meta.dirname, '../../node_modules/cesium/Build/Cesium')
const CESIUM_PARTS = ['Workers', 'Assets', 'Widgets', 'ThirdParty']

/**
 * CesiumJS's static files (web workers, the bundled Natural Earth II imagery, widget styles) at
 * /chinese/cesium/: copied into the build, served from node_modules by the dev server. The globe
 * then works offline (STACK-NOTES §2; vite-plugin-static-copy needs Node 22).
 */
function cesiumStatic(): Plugin {
  let outDir = 'dist'
  return {
    name: 'rs-cesium-static',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const part of CESIUM_PARTS) cpSync(path.join(CESIUM_BUILD, part), path.join(outDir, 'cesium', part), { recursive: true })
    },
    configureServer(server) {
      server.middlewares.use('/chinese/cesium', (req, res, next) => {
        const file = path.join(CESIUM_BUILD, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'))
        if (!file.startsWith(CESIUM_BUILD) || !existsSync(file) || !statSync(file).isFile()) return next()
        createReadStream(file).pipe(res)
      })
    },
  }
}

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
    !isSsrBuild && cesiumStatic(),
    {
      name: 'rs-app-name',
      transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appZh.name),
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
    : {
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 1200,
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // everything the entry imports statically in one chunk: a page names a few files, not 30
              groups: [{ name: 'shell', tags: ['$initial'] }],
            },
          },
        },
      },
  ssr: { noExternal: true },
  define: {
    // Cesium finds its workers and assets here (without it the imagery request hits the SPA fallback)
    CESIUM_BASE_URL: JSON.stringify('/chinese/cesium/'),
    // the renderer runs React and antd in production mode whatever NODE_ENV the server has, so its
    // markup and class names are those the browser's production build hydrates
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT || 3000}`, changeOrigin: false },
    },
  },
}))
