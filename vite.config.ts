import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const siteUrl = (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/+$/u,
  "",
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl),
  },
  build: {
    assetsInlineLimit: 0,
  },
});
