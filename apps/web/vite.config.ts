import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { ASSET_VERSION, type SiteVariant, siteVariantOf } from '../../packages/contract/src/site-build';
import { precompress } from '../../tools/vite-precompress';
import { keepOneLanguage, LOCALE_MODULE } from './src/shared/i18n/one-language';

type SiteWords = { lang: 'zh-CN' | 'zh-HK'; name: string; description: string; noscript: string };

const ZH_CN: SiteWords = {
  lang: 'zh-CN',
  name: '金币',
  description: '金币会员中心：体育、真人、电子游戏与优惠活动',
  noscript: '请启用浏览器的 JavaScript 后访问本站',
};
const ZH_HK: SiteWords = {
  lang: 'zh-HK',
  name: '金幣',
  description: '金幣會員中心：體育、真人、電子遊戲與優惠活動',
  noscript: '請啟用瀏覽器的 JavaScript 後訪問本站',
};
const VARIANTS: Record<SiteVariant, SiteWords> = { jinb: ZH_CN, hx: ZH_CN, by: ZH_HK };

const THEME_COLOR = '#e8a20c';

const BACKGROUND_COLOR = '#f5f6f8';

/** index.html placeholders (%APP_NAME% ...) and its lang attribute, filled from the build's site variant. */
function variantHtml(values: Record<string, string>): Plugin {
  return {
    name: 'jinb-variant-html',
    transformIndexHtml: (html) =>
      html
        .replace('<html lang="zh-CN">', `<html lang="${values.LANG}">`)
        .replace(/%APP_([A-Z_]+)%/g, (match, key: string) => values[key] ?? match)
        .replace(/<!-- early-home:[\s\S]*?-->/, () => `<script>${values.EARLY_HOME ?? ''}</script>`),
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
 * A build is for one language (the site variant's), but every locale object carries both, and the other half
 * would ride along in every chunk. In the locale modules, the value under the other language's key becomes `{}`
 * (the object it named is then unused and dropped). Tests and the dev server keep both languages.
 */
function oneLanguage(lang: string): Plugin {
  return {
    name: 'jinb-one-language',
    apply: 'build',
    transform(code, id) {
      if (!LOCALE_MODULE.test(id.split('?')[0]!)) return;
      const kept = keepOneLanguage(code, this.parse(code), lang);
      return kept === undefined ? undefined : { code: kept, map: null };
    },
  };
}

/**
 * /app/home is where most visits start, and its page chunk is only requested once the entry has run. A few bytes
 * of inline script let the browser fetch that chunk (and what it imports) alongside the entry, on the home path
 * only, so other routes do not pay for it.
 */
function preloadHomeChunk(pageModule: string, homePath: RegExp): Plugin {
  return {
    name: 'jinb-preload-home-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(pageModule));
        if (!page) return html;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(page.fileName);
        const missing = [...files].filter((file) => !html.includes(`/${file}"`));
        const script =
          `<script>if(${homePath}.test(location.pathname))for(const f of ${JSON.stringify(missing)}){` +
          `const l=document.createElement('link');l.rel=f.endsWith('.css')?'preload':'modulepreload';` +
          `if(f.endsWith('.css'))l.as='style';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)}</script>`;
        return html.replace('</head>', `${script}</head>`);
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
  // Everything every page needs, in one file: over HTTP/1.1 a browser opens only 6 connections to a host, so on
  // the first visit a dozen small vendor files queue behind each other (and in front of the page's API calls).
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|use-sync-external-store|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/,
    priority: 30,
  },
  { name: 'motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/, priority: 20 },
  // antd-mobile's plumbing (theme config, helpers) and the few components the tab shell draws: without their own
  // chunk they end up next to Toast/Mask, whose animation code would then ride on every first load. The helpers
  // that render (into a body, imperatively) stay out, except render-to-container, a bare portal: with them it
  // made every form's Popover load Mask and the animation library.
  {
    name: 'antd',
    test: /node_modules[\\/](antd-mobile[\\/]es[\\/](utils[\\/](?!reduce-and-restore-motion|use-drag-and-pinch|matrix|use-tab-list-scroll|render(?!-to-container)|unstable-render|use-lock-scroll|use-touch)|global|components[\\/](config-provider|button|dot-loading|tab-bar|badge|safe-area|notice-bar|auto-center)[\\/])|(classnames|tslib)[\\/])/,
    priority: 15,
  },
  // antd-mobile's hooks that the first screen does not need: in a chunk of their own, since left to the bundler
  // they sit in whichever shared chunk it cuts first (Dialog's, with the animation library), and a form page
  // would load Dialog and the animation library for a three-line hook. Not useSize (with its ResizeObserver
  // polyfill), which only the image uploader measures with: it stays with the uploader.
  {
    name: 'antd-hooks',
    test: /node_modules[\\/](ahooks[\\/](?!es[\\/](useSize|useRafState|utils[\\/]use(Isomorphic)?LayoutEffectWithTarget))|staged-components[\\/])/,
    priority: 14,
  },
  // The site's own always-needed modules (config, client and its few messages, session, translations, the
  // contract's paths, money helpers): shared with lazy pages, so the bundler would otherwise cut them into many tiny
  // files. Only what the shell itself runs: a module named here is loaded with the first screen, with what it
  // imports. Not the contract's errors.ts: the server's message table grows with every server feature, and the
  // site shows the message each refusal carries instead (shared/api/client.locale.ts).
  {
    name: 'core',
    test: /(packages[\\/](contract[\\/]src[\\/](paths|envelope|site)\.ts|money[\\/]src[\\/])|apps[\\/]web[\\/]src[\\/](shared[\\/](config\.ts|paths\.ts|api[\\/](client|client\.locale|early-response)\.ts|session[\\/](session-store|storage|session\.queries)\.ts|i18n[\\/]|native[\\/]|scheduling[\\/]idle\.ts|ui[\\/](antd-render|toast)\.ts)|app[\\/]early-home\.ts))/,
    priority: 10,
  },
];

export default defineConfig(async ({ mode }) => {
  // Loaded through Vite, as it imports the (TypeScript) contract for the paths and header names it uses.
  const { firstScreenScript, HOME_PATH } = (
    await runnerImport<typeof import('./src/app/early-home')>(
      fileURLToPath(new URL('./src/app/early-home.ts', import.meta.url)),
    )
  ).module;
  // The login page's own words, for the frame index.html draws of it.
  const { authLocale } = (
    await runnerImport<typeof import('./src/features/auth/auth.locale')>(
      fileURLToPath(new URL('./src/features/auth/auth.locale.ts', import.meta.url)),
    )
  ).module;
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const site = VARIANTS[siteVariantOf(env.VITE_SITE_VARIANT)];
  const loginWords = authLocale[site.lang];
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
  const apiProxy = { '/api': apiTarget, '/uploads': apiTarget, '/media': apiTarget };

  return {
    plugins: [
      react(),
      oneLanguage(site.lang),
      inlineEntryCss(),
      preloadHomeChunk('src/features/home/routes/HomePage.tsx', HOME_PATH),
      variantHtml({
        LANG: site.lang,
        NAME: site.name,
        DESCRIPTION: site.description,
        NOSCRIPT: site.noscript,
        THEME_COLOR,
        ASSET_VERSION,
        EARLY_HOME: firstScreenScript(site.lang),
        LOGIN_TITLE: loginWords.login,
        LOGIN_WELCOME: loginWords.welcome,
        LOGIN_HINT: loginWords.welcomeHint,
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
          navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/media\//, /^\/docs(\/|$)/],
          cleanupOutdatedCaches: true,
          // Static images carry the release's ?v= query (ASSET_VERSION); the precached copy answers for any v.
          ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/],
        },
      }),
      precompress(),
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
          manualPureFunctions: ['z', 'promoSummary', 'newsSummary', 'pageQuery', 'localizedTexts'],
        },
        output: { codeSplitting: { groups: vendorGroups } },
      },
    },
    server: { port: 5173, proxy: apiProxy },
    preview: { proxy: apiProxy },
    test: {
      setupFiles: ['./src/shared/testing/setup.ts'],
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
            /@tanstack[\\/]react-query/,
            /zustand/,
            /qrcode\.react/,
          ],
        },
      },
    },
  };
});
