// Vite build of the portal: the server serves `dist/` at `/` with an SPA fallback and the API at `/api`.
import { defineConfig, defaultClientConditions } from "vite";
import react from "@vitejs/plugin-react";

// The dev server forwards `/api` (HTTP and the real-time WebSocket) to the API; ATALAYA_API_URL overrides it.
// The proxy keeps the dev server's Host, so the API sees the WebSocket as same-origin (no PUBLIC_URL needed).
const apiTarget = process.env.ATALAYA_API_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `source` makes `@atalaya/shared` resolve to its TypeScript source, no prior build needed.
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // antd alone is larger than Vite's default 500 kB warning threshold.
    chunkSizeWarningLimit: 700,
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
