import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdCss } from './vite.antd-css-plugin';
import { bhutanMap } from './vite.bhutan-map-plugin';
import { bootScript } from './vite.boot-plugin';
import { compileHints } from './vite.compile-hints-plugin';

const antd = antdCss();

export default defineConfig({
  plugins: [react(), bhutanMap(), antd.plugin, bootScript({ antdCssFiles: antd.fileNames }), compileHints()],
  resolve: {
    // The charts' engine imports html2canvas for a feature the console never uses (see the stub's comment).
    alias: { html2canvas: path.join(import.meta.dirname, 'src/features/insight/charts/no-html2canvas.ts') },
  },
  server: { port: 3000 },
  preview: { port: 3000 },
  build: {
    // Route pages are split with React.lazy; the framework code gets its own long-lived chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
