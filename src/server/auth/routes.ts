import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DatabaseUnavailableError } from "../db/database.ts";
import { errorForLog } from "../log.ts";

import {
  deleteUser,
  deleteUserFactor,
  getUser as getUserById,
  listUserFactors,
  listUsers,
  updateUser as updateUserById,
} from "./admin-users.ts";
import { generateLink } from "./admin-generate-link.ts";
import { createUser } from "./admin-users-create.ts";
import { authorize } from "./authorize.ts";
import { requireAdmin, requireUser, type AuthEnv } from "./bearer.ts";
import { callback } from "./callback.ts";
import { AuthError, authError, authErrorResponse } from "./errors.ts";
import { challengeFactor } from "./factors-challenge.ts";
import { enrollFactor } from "./factors-enroll.ts";
import { unenrollFactor } from "./factors-unenroll.ts";
import { verifyFactor } from "./factors-verify.ts";
import { health } from "./health.ts";
import { invite } from "./invite.ts";
import { logout } from "./logout.ts";
import { recover } from "./recover.ts";
import type { AuthServices } from "./services.ts";
import { settings } from "./settings.ts";
import { signup } from "./signup.ts";
import { token } from "./token.ts";
import { getUser, updateUser } from "./current-user.ts";
import { verifyLink, verifyOtp } from "./verify.ts";

export const authBodyLimit = 64 * 1024;

/** Paths a browser navigates to, which carry no apikey; the gateway lets them through. */
export const keylessAuthPaths = new Set([
  "/auth/v1/authorize",
  "/auth/v1/callback",
  "/auth/v1/verify",
]);

/** /auth/v1: the Supabase Auth (GoTrue) subset supabase-js's auth client calls. */
export function authRoutes(services: AuthServices): Hono<AuthEnv> {
  const auth = new Hono<AuthEnv>();
  const user = requireUser(services.db, services.tokens.secret);
  auth.use(
    bodyLimit({
      maxSize: authBodyLimit,
      onError: () => {
        throw authError.bodyTooLarge(authBodyLimit);
      },
    }),
  );
  auth.get("/health", health());
  auth.get("/settings", settings(services));
  auth.post("/signup", signup(services));
  auth.post("/token", token(services));
  auth.post("/recover", recover(services));
  auth.post("/logout", user, logout(services));
  auth.get("/user", user, getUser(services));
  auth.put("/user", user, updateUser(services));
  auth.post("/factors", user, enrollFactor(services));
  auth.post("/factors/:factorId/challenge", user, challengeFactor(services));
  auth.post("/factors/:factorId/verify", user, verifyFactor(services));
  auth.delete("/factors/:factorId", user, unenrollFactor(services));
  auth.get("/authorize", authorize(services));
  auth.get("/verify", verifyLink(services));
  auth.post("/verify", verifyOtp(services));
  // HS256 projects publish no keys: GoTrue answers an empty set.
  auth.get("/.well-known/jwks.json", (c) => c.json({ keys: [] }));
  const admin = requireAdmin(services.tokens.secret);
  auth.post("/invite", admin, invite(services));
  auth.post("/admin/generate_link", admin, generateLink(services));
  auth.get("/admin/users", admin, listUsers(services));
  auth.post("/admin/users", admin, createUser(services));
  auth.get("/admin/users/:userId", admin, getUserById(services));
  auth.put("/admin/users/:userId", admin, updateUserById(services));
  auth.delete("/admin/users/:userId", admin, deleteUser(services));
  auth.get("/admin/users/:userId/factors", admin, listUserFactors(services));
  auth.delete("/admin/users/:userId/factors/:factorId", admin, deleteUserFactor(services));
  auth.get("/callback", callback(services));
  auth.all("*", () => {
    throw authError.notFound();
  });
  auth.onError((thrown, c) => {
    // The database is away: 503, as the REST API answers it, not an unexpected failure.
    const error =
      thrown instanceof DatabaseUnavailableError
        ? authError.unavailable(errorForLog(thrown))
        : thrown;
    if (error instanceof AuthError) {
      // A 5xx this server chose to answer is logged once, here, with its reason.
      if (error.status >= 500) {
        services.log.error("request failed", {
          request_id: c.get("requestId"),
          method: c.req.method,
          path: c.req.path,
          status: error.status,
          error: error.internal ?? errorForLog(error),
        });
      }
      return authErrorResponse(c, error);
    }
    services.log.error("unhandled auth error", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: errorForLog(error),
    });
    return authErrorResponse(c, authError.unexpected());
  });
  return auth;
}
