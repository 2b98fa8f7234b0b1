import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { banUntil, metadataParam } from "./admin-params.ts";
import { isUuid } from "./uuid.ts";
import { authError } from "./errors.ts";
import { removeFactor } from "./factors.ts";
import { checkMetadataSize, mergeMetadata } from "./metadata.ts";
import { checkPasswordStrength, hashPassword } from "./passwords.ts";
import { readParams, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { factorJson, findFactors, findUserById, userJson, type UserRow } from "./users.ts";

// GoTrue's admin user API (internal/api/admin.go), for `npm run team` and supabase-js's
// auth.admin: list, read, update and delete users, and read and delete their factors.

const defaultPerPage = 50;

function pageNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/u.test(value)) {
    throw authError.badPagination(
      `strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    );
  }
  return Math.max(1, Number(value));
}

async function requireUserParam(c: Context<AppEnv>, services: AuthServices): Promise<UserRow> {
  const id = c.req.param("userId") ?? "";
  if (!isUuid(id)) throw authError.userIdNotUuid();
  const user = await findUserById(services.db, id);
  if (!user) throw authError.adminUserNotFound();
  return user;
}

/** GET /admin/users?page=&per_page=: newest first, with X-Total-Count and Link as GoTrue sends. */
export function listUsers(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const page = pageNumber(c.req.query("page"), 1);
    const perPage = pageNumber(c.req.query("per_page"), defaultPerPage);
    const { rows } = await services.db.query<{ id: string; total: number }>(
      `select id, count(*) over ()::int as total from auth.users
        where deleted_at is null order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      const counted = await services.db.query<{ total: number }>(
        "select count(*)::int as total from auth.users where deleted_at is null",
      );
      total = counted.rows[0]?.total ?? 0;
    }
    const users = [];
    for (const row of rows) {
      const user = await findUserById(services.db, row.id);
      if (user) users.push(await userJson(services.db, user));
    }
    // supabase-js reads the page number as the character after the first "=" of each link,
    // so `page` must come first in the query.
    const last = Math.max(1, Math.ceil(total / perPage));
    const base = `${services.settings.apiExternalUrl}/auth/v1/admin/users`;
    const links = [];
    if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
    c.header("X-Total-Count", String(total));
    c.header("Link", links.join(", "));
    return c.json({ users, aud: "authenticated" });
  };
}

export function getUser(services: AuthServices) {
  return async (c: Context<AppEnv>) =>
    c.json(await userJson(services.db, await requireUserParam(c, services)));
}

/** PUT /admin/users/{id}: metadata, password (which ends every session), confirmation, bans. */
export function updateUser(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const user = await requireUserParam(c, services);
    const params = await readParams(c);
    const appMetadata = metadataParam(params, "app_metadata");
    const userMetadata = metadataParam(params, "user_metadata");
    const password = stringParam(params, "password");
    const banDuration = stringParam(params, "ban_duration");
    const email = stringParam(params, "email");
    if (email !== undefined && email.toLowerCase() !== (user.email ?? "")) {
      throw authError.emailChangeUnsupported();
    }
    if (password !== undefined)
      checkPasswordStrength(password, services.settings.auth.passwordMinLength);
    const newAppMetadata = appMetadata && mergeMetadata(user.raw_app_meta_data, appMetadata);
    const newUserMetadata = userMetadata && mergeMetadata(user.raw_user_meta_data, userMetadata);
    if (newAppMetadata) checkMetadataSize("app_metadata", newAppMetadata);
    if (newUserMetadata) checkMetadataSize("user_metadata", newUserMetadata);
    const hash = password === undefined ? undefined : await hashPassword(password);
    await services.db.transaction(async (tx) => {
      if (newAppMetadata) {
        await tx.query(
          "update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1",
          [user.id, JSON.stringify(newAppMetadata)],
        );
      }
      if (newUserMetadata) {
        await tx.query(
          "update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1",
          [user.id, JSON.stringify(newUserMetadata)],
        );
      }
      if (params.email_confirm === true) {
        await tx.query(
          "update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1",
          [user.id],
        );
      }
      if (banDuration !== undefined) {
        await tx.query(
          "update auth.users set banned_until = $2, updated_at = now() where id = $1",
          [user.id, banUntil(banDuration)],
        );
      }
      if (hash !== undefined) {
        await tx.query(
          "update auth.users set encrypted_password = $2, updated_at = now() where id = $1",
          [user.id, hash],
        );
        await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
      }
    });
    const updated = await findUserById(services.db, user.id);
    if (!updated) throw authError.adminUserNotFound();
    return c.json(await userJson(services.db, updated));
  };
}

/** DELETE /admin/users/{id}: the user and everything of theirs (sessions, factors) are gone. */
export function deleteUser(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const user = await requireUserParam(c, services);
    await services.db.query("delete from auth.users where id = $1", [user.id]);
    return c.json({});
  };
}

export function listUserFactors(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const user = await requireUserParam(c, services);
    return c.json((await findFactors(services.db, user.id)).map(factorJson));
  };
}

/** DELETE /admin/users/{id}/factors/{factorId}: sessions raised by that factor drop to aal1. */
export function deleteUserFactor(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const user = await requireUserParam(c, services);
    const factorId = c.req.param("factorId") ?? "";
    const factor = isUuid(factorId)
      ? (await findFactors(services.db, user.id)).find((candidate) => candidate.id === factorId)
      : undefined;
    if (!factor) throw authError.factorNotFound();
    await services.db.transaction((tx) => removeFactor(tx, factor.id));
    return c.json(factorJson(factor));
  };
}
