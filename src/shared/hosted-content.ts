import { errorMessage } from "./error-message.ts";
import { checkSiteContent, type SiteContent } from "./site-content.ts";
import { withoutTrailingSlashes } from "./trailing-slash.ts";

// A static site has no server of ours to render its pages again after a publish: it is built
// again instead (a host's build hook), and the build prerenders what the team published, read
// from the Supabase project as every visitor may read it (the anon key, the public view).

/** How long the build waits for the project's answer. */
const readTimeoutMs = 30_000;

/** The published content could not be read, or is not content the pages can show. */
export class HostedContentError extends Error {
  override name = "HostedContentError";
}

export interface PublishedVersion {
  version: number;
  content: SiteContent;
}

/** The query of `public.published_site_content` the build makes: the newest version, whole. */
export function publishedContentAddress(projectUrl: string): string {
  return `${withoutTrailingSlashes(projectUrl)}/rest/v1/published_site_content?select=version,content&order=version.desc&limit=1`;
}

/** The message of a PostgREST (or gateway) error answer, or its first words. */
function answerMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed !== null && typeof parsed === "object") {
      const { message, msg } = parsed as { message?: unknown; msg?: unknown };
      if (typeof message === "string") return message;
      if (typeof msg === "string") return msg;
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return body.trim().slice(0, 200) || "(no body)";
}

/**
 * The newest published version of the project at `projectUrl`, checked whole with the shared
 * schema: the same check our server makes before it renders a version. Throws a
 * HostedContentError that says what to fix.
 */
export async function readHostedContent(
  projectUrl: string,
  anonKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PublishedVersion> {
  const address = publishedContentAddress(projectUrl);
  let response: Response;
  try {
    response = await fetchImpl(address, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(readTimeoutMs),
    });
  } catch (error) {
    // fetch says "fetch failed"; its cause says why (refused, a name not found, a timeout).
    const cause = error instanceof Error && error.cause ? ` (${errorMessage(error.cause)})` : "";
    throw new HostedContentError(`${address} could not be reached: ${errorMessage(error)}${cause}`);
  }
  const body = await response.text();
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? " (is VITE_SUPABASE_ANON_KEY the project's anon key?)"
        : response.status === 404
          ? " (are the migrations applied? supabase db push)"
          : "";
    throw new HostedContentError(
      `${address} answered ${response.status}: ${answerMessage(body)}${hint}`,
    );
  }
  let rows: unknown;
  try {
    rows = JSON.parse(body);
  } catch {
    throw new HostedContentError(`${address} answered something other than JSON`);
  }
  const [newest] = Array.isArray(rows) ? (rows as unknown[]) : [];
  if (newest === null || typeof newest !== "object") {
    throw new HostedContentError(
      "The project has no published content: apply the migrations, which publish the first version",
    );
  }
  const { version, content: document } = newest as { version?: unknown; content?: unknown };
  const { content, problems } = checkSiteContent(document);
  if (problems) {
    throw new HostedContentError(
      `Version ${String(version)} cannot be shown on the pages:\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
    );
  }
  return { version: Number(version), content };
}
