// Vite build of the portal: the server serves `dist/` at `/` with an SPA fallback and the API at `/api`.
import { defineConfig, defaultClientConditions } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `source` makes `@atalaya/shared` resolve to its TypeScript source, no prior build needed.
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // antd alone is larger than Vite's default 500 kB warning threshold.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Libraries change less often than the portal: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            { name: "antd", test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
