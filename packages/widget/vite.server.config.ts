import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The widget's server entry (src/server-entry.tsx), built in SSR mode into `dist-server/`: the
 * artefact the cashier-service loads at run time to render a homepage's first screen into the
 * cashier's document (docs/decisions/0125-first-screen-rendered-by-the-server.md). Everything is
 * bundled (the workspace packages are TypeScript sources, and the artefact needs nothing beside
 * it); stylesheets are left to the page's build.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    ssr: 'src/server-entry.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
  },
  ssr: { noExternal: true, target: 'node' },
});
