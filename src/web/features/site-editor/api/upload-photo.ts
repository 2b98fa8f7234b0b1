// A photo into the public bucket `site-media`, which members at aal2 write under its policies.
import { siteMediaBucket } from "../../../../shared/site-media.ts";
import { anonKey, backendUrl, getSupabase } from "../../../lib/supabase-client.ts";
import type { PreparedPhoto } from "../model/prepare-photo.ts";

/** The request never got its answer: the connection dropped, or there was none. */
export class UploadLost extends Error {}

/** Storage's answer to a refused upload, shaped as supabase-js's `StorageApiError`. */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusCode: string,
    readonly error: string,
  ) {
    super(message);
  }
}

/**
 * A name of its own in `folder`. Never over another: a path is written once, so a page still
 * showing the old photo keeps it, and its variants may be cached for a year.
 */
export function photoPath(folder: string, photo: PreparedPhoto): string {
  return `${folder}/${crypto.randomUUID()}.${photo.extension}`;
}

interface UploadOptions {
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
  /** A repeat after a lost answer: the path taken already means the first attempt arrived. */
  again: boolean;
}

/** How long a body may go without a byte sent before its connection is taken as lost. */
const stallMilliseconds = 45_000;

async function accessToken(): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error && !navigator.onLine) throw new UploadLost();
  return data.session?.access_token ?? anonKey() ?? "";
}

function refusalOf(request: XMLHttpRequest): UploadRefused {
  let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(request.responseText) as typeof body;
  } catch {
    // Not Storage's JSON (a proxy's page): the status says enough.
  }
  return new UploadRefused(
    typeof body.message === "string" ? body.message : request.statusText,
    request.status,
    typeof body.statusCode === "string" ? body.statusCode : String(request.status),
    typeof body.error === "string" ? body.error : "",
  );
}

/**
 * Uploads a prepared photo to `path`, telling its progress. supabase-js's upload tells none, so
 * this is its request as supabase-js sends it (the same endpoint, headers and form) through
 * XMLHttpRequest, which does; it works the same against a hosted project.
 */
export async function uploadPhoto(
  path: string,
  photo: PreparedPhoto,
  { onProgress, signal, again }: UploadOptions,
): Promise<void> {
  const token = await accessToken();
  signal.throwIfAborted();
  const object = path.split("/").map(encodeURIComponent).join("/");
  const form = new FormData();
  form.append("cacheControl", "31536000");
  form.append("", photo.blob);
  const request = new XMLHttpRequest();
  request.open("POST", `${backendUrl()}/storage/v1/object/${siteMediaBucket}/${object}`);
  request.setRequestHeader("apikey", anonKey() ?? "");
  request.setRequestHeader("Authorization", `Bearer ${token}`);
  request.setRequestHeader("x-upsert", "false");
  await new Promise<void>((resolve, reject) => {
    const abort = () => request.abort();
    // A phone that loses its network may leave the request hanging rather than failing it: the
    // browser's word that it is offline, or a body that stops moving, ends it as lost.
    let lost = false;
    const lose = () => {
      lost = true;
      request.abort();
    };
    let stalled = window.setTimeout(lose, stallMilliseconds);
    request.upload.onprogress = (event) => {
      window.clearTimeout(stalled);
      stalled = window.setTimeout(lose, stallMilliseconds);
      onProgress(event.loaded, event.lengthComputable ? event.total : photo.blob.size);
    };
    request.upload.onload = () => window.clearTimeout(stalled);
    signal.addEventListener("abort", abort, { once: true });
    window.addEventListener("offline", lose);
    const settle = (outcome: () => void) => {
      window.clearTimeout(stalled);
      signal.removeEventListener("abort", abort);
      window.removeEventListener("offline", lose);
      outcome();
    };
    request.onload = () =>
      settle(() => {
        const refusal =
          request.status >= 200 && request.status < 300 ? undefined : refusalOf(request);
        if (!refusal || (again && refusal.statusCode === "409")) resolve();
        else reject(refusal);
      });
    request.onerror = () => settle(() => reject(new UploadLost()));
    request.ontimeout = request.onerror;
    request.onabort = () =>
      settle(() =>
        reject(
          lost ? new UploadLost() : new DOMException("The upload was cancelled", "AbortError"),
        ),
      );
    request.send(form);
  });
}

/** Takes away what a cancelled upload may have left, if its bytes arrived before the cancel. */
export async function forgetPhoto(path: string): Promise<void> {
  try {
    const supabase = await getSupabase();
    await supabase.storage.from(siteMediaBucket).remove([path]);
  } catch {
    // Nothing draft or page names is kept by this: the bucket's sweep takes it later.
  }
}
