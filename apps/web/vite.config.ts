// Vite build of the web app. Routes are lazily loaded per group (public, staff, student); heavy editors,
// maths and chart libraries get chunks of their own so that only the screens using them download them.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const heavy: Array<[name: string, test: RegExp]> = [
  // Key-name helpers used by both editors: a chunk of their own, so that CodeMirror does not import the tiptap chunk.
  ['keys', /node_modules[\\/](w3c-keyname|@marijn)[\\/]/],
  ['tiptap', /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|@mantine[\\/]tiptap|lowlight|highlight\.js|linkifyjs|orderedmap|rope-sequence)[\\/]/],
  ['codemirror', /node_modules[\\/](@codemirror|@uiw|@lezer|crelt|style-mod)[\\/]/],
  ['mathlive', /node_modules[\\/]mathlive[\\/]/],
  ['katex', /node_modules[\\/]katex[\\/]/],
  ['charts', /node_modules[\\/](recharts|d3-[a-z-]+|@mantine[\\/]charts|victory-vendor|internmap|decimal\.js-light|es-toolkit|@reduxjs|redux|immer|reselect|react-redux|use-sync-external-store|eventemitter3)[\\/]/],
  ['datatable', /node_modules[\\/]mantine-datatable[\\/]/],
  // dayjs with the date pickers: shared between a screen's chunk and this one, it would make them import each other.
  ['dates', /node_modules[\\/](dayjs|@mantine[\\/]dates|@mantine[\\/]dropzone|react-dropzone|file-selector|attr-accept)[\\/]/],
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph that scripts/bundle-report.mjs reads.
    manifest: true,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // @exam/shared is built from top-level `z.…()` calls, which a bundler must assume have side effects: declaring
      // its modules side-effect free (all but zod-fr.ts, which sets the French messages) lets each chunk keep only the
      // schemas it uses instead of every schema of the product landing in the login page's JavaScript.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]src[\\/](?!zod-fr\.ts)/.test(id),
      },
      output: {
        codeSplitting: {
          // Keep shared dependencies (Mantine core, React) out of the heavy groups: otherwise a group such as
          // tiptap pulls @mantine/core in with it and every page, the login page included, downloads it.
          includeDependenciesRecursively: false,
          groups: [
            ...heavy.map(([name, test], i) => ({ name, test, priority: 20 - i })),
            // react-is (3 kB) is required by recharts (charts chunk) and prop-types: left to itself it lands in the first
            // screen chunk that uses the charts, the two chunks import each other and the charts chunk runs before
            // react-is is defined ("require_react_is is not a function", only in the production build).
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-is|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
