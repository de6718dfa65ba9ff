import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootScript } from './vite.boot-plugin';

export default defineConfig({
  plugins: [react(), bootScript()],
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
