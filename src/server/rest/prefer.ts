export interface Preferences {
  return: "minimal" | "representation" | "headers-only";
  count: boolean;
  resolution: string | undefined;
}

/** Reads `Prefer`; supabase-js joins values with ", " and PostgREST ignores the ones it does not know. */
export function readPreferences(header: string | undefined): Preferences {
  const values = new Map<string, string>();
  for (const part of (header ?? "").split(",")) {
    const [key = "", value = ""] = part.trim().split("=", 2);
    if (key) values.set(key.trim(), value.trim());
  }
  const returning = values.get("return");
  const count = values.get("count");
  return {
    return: returning === "representation" || returning === "headers-only" ? returning : "minimal",
    count: count === "exact" || count === "planned" || count === "estimated",
    resolution: values.get("resolution"),
  };
}
