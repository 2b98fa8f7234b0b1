import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { fontSubsetsPlugin } from "./scripts/font-subsets.mjs";
import { HostedContentError, readHostedContent } from "./src/shared/hosted-content.ts";
import { languages } from "./src/shared/language.ts";
import type { SiteContent } from "./src/shared/site-content.ts";
import { linkProblem, linkSettings } from "./src/shared/site-links.js";
import { withoutTrailingSlashes } from "./src/shared/trailing-slash.ts";

const siteUrl = withoutTrailingSlashes(process.env.SITE_URL ?? "http://localhost:3000");

// A malformed account address stops the build rather than becoming a broken link on every page.
const linkProblems = linkSettings.flatMap((name) => {
  const problem = linkProblem(process.env[name]?.trim() ?? "");
  return problem ? [`  ${name}: ${problem}`] : [];
});
if (linkProblems.length > 0) {
  throw new Error(`Invalid site links:\n${linkProblems.join("\n")}`);
}

/**
 * Records in the built site the origin its pages name (`build/client/.site-url`), so that a
 * server started with another SITE_URL rewrites them to its own (src/server/site/site.ts).
 */
function recordSiteUrl(): Plugin {
  return {
    name: "kalima:record-site-url",
    apply: "build",
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: ".site-url", source: siteUrl });
    },
  };
}

/**
 * Keeps the server bundle React Router renders the pages with (`build/render/`): with `ssr:
 * false` it deletes that bundle once the pages are prerendered, and our server renders them again
 * from it when the team publishes content (docs/decisions/0023). Runs before React Router's own
 * hook, which prerenders and then deletes.
 */
function keepRenderBundle(): Plugin {
  return {
    name: "kalima:keep-render-bundle",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "ssr" || !options.dir) return;
      const target = path.join(path.dirname(options.dir), "render");
      rmSync(target, { recursive: true, force: true });
      for (const fileName of Object.keys(bundle)) {
        mkdirSync(path.dirname(path.join(target, fileName)), { recursive: true });
        copyFileSync(path.join(options.dir, fileName), path.join(target, fileName));
      }
    },
  };
}

/** Where the prerender finds a hosted project's published content (vite-env.d.ts). */
const hostedContentModule = "virtual:kalima/hosted-site-content";

/**
 * Built for a hosted Supabase project (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY), the pages
 * are prerendered with what the team last published there: a static host has no server of ours
 * to render them again, so a publish builds the site anew (docs/deploying.md). The content is
 * read once, before anything is built, and reaches the prerender through the server bundle
 * alone (src/web/app/published-content.server.ts): no page's scripts grow. A project that
 * cannot be read, or whose content cannot be shown, stops the build: pages silently built from
 * other words than the team published would be worse.
 */
function prerenderHostedContent(): Plugin {
  const projectUrl = process.env.VITE_SUPABASE_URL?.trim();
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY?.trim();
  const hosted = Boolean(projectUrl && anonKey);
  let building = false;
  let reading: Promise<SiteContent> | undefined;
  const read = async () => {
    if (!projectUrl || !anonKey) throw new Error("Not built for a hosted project");
    const started = performance.now();
    try {
      const { version, content } = await readHostedContent(projectUrl, anonKey);
      process.stdout.write(
        `Prerendering version ${version} of the content published at ${projectUrl} (read in ${Math.round(performance.now() - started)} ms)\n`,
      );
      const named = linkSettings.filter((name) => process.env[name]?.trim());
      if (named.length > 0) {
        process.stdout.write(
          `${named.join(", ")}: not read for a hosted project, whose published links the pages show (docs/configuration.md)\n`,
        );
      }
      return content;
    } catch (error) {
      if (!(error instanceof HostedContentError)) throw error;
      throw new Error(
        `The site is built for the Supabase project at ${projectUrl} (VITE_SUPABASE_URL), but its published content cannot be used:\n${error.message}\nFix that, or build without VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY for a site our server serves.`,
        { cause: error },
      );
    }
  };
  return {
    name: "kalima:prerender-hosted-content",
    // When the site is built, and first, so that a failure stops the build at once; not each
    // time the configuration is resolved (react-router typegen resolves it too).
    buildApp: {
      order: "pre",
      async handler() {
        if (hosted) await (reading ??= read());
      },
    },
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id) {
      return id === hostedContentModule ? `\0${hostedContentModule}` : undefined;
    },
    async load(id) {
      if (id !== `\0${hostedContentModule}`) return undefined;
      // The development server renders with the content modules' words, as it always has.
      const prerendering = hosted && building && this.environment.name === "ssr";
      const content = prerendering ? await (reading ??= read()) : undefined;
      return `export default ${content === undefined ? "undefined" : JSON.stringify(content)};`;
    },
  };
}

/**
 * src/web's upper layers: app/ composes the features, features use the shared parts, which are
 * everything else in src/web, and src/shared (checked by .dependency-cruiser.cjs).
 */
const upperLayers = ["app", "features"];

function isSharedPart(moduleId: string): boolean {
  const [, area, layer] = /[\\/]src[\\/](shared|web[\\/]([^\\/]+))[\\/]/u.exec(moduleId) ?? [];
  return area === "shared" || (layer !== undefined && !upperLayers.includes(layer));
}

/**
 * Shared modules only the team's pages load in the browser: no public page carries them. The
 * content's schema (a module, or a folder of them) brings zod, which a public page never needs:
 * its content was checked before it was rendered. src/web/components/team holds what the inbox
 * and the site editor share; member-name, the check of a member's chosen name, and reply-mail,
 * the text of a reply from the inbox, are theirs alone.
 */
const teamOnly = ["submissions-csv", "site-content", "member-name", "reply-mail"];

function isTeamOnly(moduleId: string): boolean {
  if (/[\\/]src[\\/]web[\\/]components[\\/]team[\\/]/u.test(moduleId)) return true;
  const shared = /[\\/]src[\\/]shared[\\/]([^\\/.]+)[./\\]/u.exec(moduleId)?.[1];
  return shared !== undefined && teamOnly.includes(shared);
}

/** The module holding one language's strings. */
const contentModule = (language: string) =>
  new RegExp(`[\\\\/]src[\\\\/]web[\\\\/]content[\\\\/]${language}\\.ts$`, "u");

export default defineConfig({
  plugins: [
    prerenderHostedContent(),
    recordSiteUrl(),
    keepRenderBundle(),
    fontSubsetsPlugin(),
    tailwindcss(),
    reactRouter(),
  ],
  define: {
    "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl),
  },
  build: {
    assetsInlineLimit: 0,
    modulePreload: {
      // A language's strings load on the press that switches to it (content/load-content.ts),
      // with nothing of their own to preload: without this, the import first writes a preload
      // link into the head, in the press's task.
      resolveDependencies: (fileName, dependencies) =>
        languages.some((language) => fileName.includes(`content-${language}-`)) ? [] : dependencies,
    },
    rolldownOptions: {
      output: {
        // A first view needs the framework and the frame: a few files instead of twenty, so a
        // phone on a slow link spends its round trips on the page. Routes stay their own
        // chunks, and each feature travels with the routes that use it: the form and
        // supabase-js load only where they are used.
        codeSplitting: {
          groups: [
            {
              // Imported on first use only (lib/supabase-client.ts): named, so it can be found.
              name: "supabase",
              test: /node_modules[\\/]@supabase[\\/]/u,
              priority: 3,
            },
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@radix-ui|lucide-react|cookie|set-cookie-parser)[\\/]/u,
              priority: 2,
            },
            // Each language's strings on their own: a page loads its own language's only
            // (src/web/content/load-content.ts; src/shared/defer-app-script.js finds them by name).
            ...languages.map((language) => ({
              name: `content-${language}`,
              test: contentModule(language),
              priority: 4,
            })),
            {
              // Everything below the features that a public page may need, in one file.
              name: "site",
              test: (moduleId: string) => isSharedPart(moduleId) && !isTeamOnly(moduleId),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
