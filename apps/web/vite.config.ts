import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

type Variant = 'jinb' | 'hx' | 'by';

const ZH_CN = {
  lang: 'zh-CN',
  name: '金币',
  description: '金币会员中心：体育、真人、电子游戏与优惠活动',
  noscript: '请启用浏览器的 JavaScript 后访问本站',
};
const ZH_HK = {
  lang: 'zh-HK',
  name: '金幣',
  description: '金幣會員中心：體育、真人、電子遊戲與優惠活動',
  noscript: '請啟用瀏覽器的 JavaScript 後訪問本站',
};
const VARIANTS: Record<Variant, typeof ZH_CN> = { jinb: ZH_CN, hx: ZH_CN, by: ZH_HK };

const THEME_COLOR = '#e8a20c';
const BACKGROUND_COLOR = '#f5f6f8';

/** index.html placeholders (%APP_NAME% ...) and its lang attribute, filled from the build's site variant. */
function variantHtml(values: Record<string, string>): Plugin {
  return {
    name: 'jinb-variant-html',
    transformIndexHtml: (html) =>
      html
        .replace('<html lang="zh-CN">', `<html lang="${values.LANG}">`)
        .replace(/%APP_([A-Z_]+)%/g, (match, key: string) => values[key] ?? match),
  };
}

/**
 * The first screen's stylesheets (a few KB) go inline into index.html so no external CSS blocks the first paint.
 * A disabled <link> stays behind for each: it is never fetched, and it tells Vite's chunk preloader the sheet is
 * already on the page, so a lazy page that shares it does not load it a second time.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'jinb-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * Vendor code is grouped by how often it changes and who needs it, so a release that only touches a page
 * re-downloads that page's chunk. antd-mobile is split per component by the bundler (each lazy page pulls only
 * what it renders); its shared animation/gesture layer gets one chunk so it is cached across pages.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/, priority: 20 },
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const variant: Variant = (['jinb', 'hx', 'by'] as const).includes(env.VITE_SITE_VARIANT as Variant)
    ? (env.VITE_SITE_VARIANT as Variant)
    : 'jinb';
  const site = VARIANTS[variant];
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  const apiProxy = { '/api': apiTarget, '/uploads': apiTarget, '/media': apiTarget };

  return {
    plugins: [
      react(),
      inlineEntryCss(),
      variantHtml({
        LANG: site.lang,
        NAME: site.name,
        DESCRIPTION: site.description,
        NOSCRIPT: site.noscript,
        THEME_COLOR,
      }),
      VitePWA({
        registerType: 'autoUpdate',
        // main.tsx registers the worker itself so it can reload once when an update takes over.
        injectRegister: null,
        includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'logo.svg'],
        manifest: {
          id: '/app/home',
          name: site.name,
          short_name: site.name,
          description: site.description,
          lang: site.lang,
          start_url: '/app/home',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: THEME_COLOR,
          background_color: BACKGROUND_COLOR,
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
            { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
          navigateFallback: '/index.html',
          // API answers and uploaded files are never served from the worker: stale money data is worse than an error.
          navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/media\//],
          cleanupOutdatedCaches: true,
          // Static images carry the release's ?v= query (ASSET_VERSION); the precached copy answers for any v.
          ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/],
        },
      }),
    ],
    resolve: {
      // The workspace root holds an older React for some peers; every import must share the site's React 19.
      dedupe: ['react', 'react-dom'],
      // Tests resolve packages' ES builds too, so the React-using ones can be inlined (see test.server.deps).
      ...(mode === 'test'
        ? { mainFields: ['module', 'jsnext:main', 'jsnext', 'main'], conditions: ['module', 'development|production'] }
        : {}),
    },
    build: {
      target: 'es2020',
      cssCodeSplit: true,
      manifest: true,
      rolldownOptions: {
        // The contract's modules only declare things (paths, messages, zod schemas). Saying so lets a page that
        // needs `api` or an error message load without the schemas, and so without zod, which only forms need.
        treeshake: {
          moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
          manualPureFunctions: ['z', 'promoSummary', 'newsSummary'],
        },
        output: { codeSplitting: { groups: vendorGroups } },
      },
    },
    server: { port: 5173, proxy: apiProxy },
    preview: { proxy: apiProxy },
    test: {
      setupFiles: ['./src/app/testing/setup.ts'],
      alias: [
        // Its CommonJS entry would load the root's React DOM 18 through Node; its ES build goes through Vite.
        {
          find: /^@testing-library\/react$/,
          replacement: fileURLToPath(
            new URL('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
          ),
        },
      ],
      server: {
        deps: {
          // Packages that import React run through Vite (not Node), so `dedupe` hands them the site's React 19
          // rather than the React 18 that npm hoisted to the workspace root for some peers.
          inline: [
            /@testing-library[\\/]react/,
            /antd-mobile/,
            /@react-spring/,
            /@use-gesture/,
            /ahooks/,
            /[\\/]rc-[a-z-]+[\\/]/,
            /@rc-component/,
            /@floating-ui/,
            /react-router/,
            /react-i18next/,
            /@tanstack[\\/]react-query/,
            /zustand/,
            /qrcode\.react/,
          ],
        },
      },
    },
  };
});
