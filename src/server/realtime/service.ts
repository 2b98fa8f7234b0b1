// /realtime/v1: the WebSocket at /realtime/v1/websocket (taken over from the HTTP server's
// upgrade event: the app itself never listens) and the HTTP broadcast at /realtime/v1/api/broadcast.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { WebSocketServer } from "ws";
import type { Database } from "../db/database.ts";
import { rateLimitSubject } from "../auth/rate-limit.ts";
import { addressOf } from "../http/client-ip.ts";
import { isApiRole, type ApiClaims, type AppEnv } from "../http/context.ts";
import { verifyPostgrestJwt } from "../jwt.ts";
import { apiKeyRoles, type ApiKeyRole } from "../keys.ts";
import type { Logger } from "../log.ts";
import { RealtimeHub } from "./hub.ts";
import { PerWindow, type RealtimeLimits } from "./limits.ts";
import { protocolVersions, type ProtocolVersion } from "./protocol.ts";
import { RealtimeTokenError, verifyRealtimeToken } from "./tokens.ts";

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
  limits: RealtimeLimits;
  log: Logger;
  /** TRUST_PROXY's header: the client's address, for the per-address limit. */
  trustProxyHeader: string | undefined;
}

export interface Realtime {
  hub: RealtimeHub;
  /** For the HTTP server's `upgrade` event: answers requests for /realtime/v1/websocket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** POST /realtime/v1/api/broadcast, mounted by the app. */
  routes: Hono<AppEnv>;
  close(): Promise<void>;
}

const socketPath = "/realtime/v1/websocket";

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  const reasons: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    429: "Too Many Requests",
  };
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? "Error"}\r\n` +
      "Content-Type: application/json\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/**
 * What the single broadcast's body is, by its Content-Type: JSON (also when none is given, as
 * callers before binary payloads sent it), bytes, or neither (refused with 415, as Realtime does).
 */
function bodyKind(contentType: string | undefined): "json" | "bytes" | undefined {
  if (contentType === undefined) return "json";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/octet-stream") return "bytes";
  return undefined;
}

function clientAddress(request: IncomingMessage, trustedHeader: string | undefined): string {
  const forwarded = trustedHeader ? request.headers[trustedHeader.toLowerCase()] : undefined;
  return addressOf(
    Array.isArray(forwarded) ? forwarded.at(-1) : forwarded,
    request.socket.remoteAddress,
  );
}

export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const secret = new TextEncoder().encode(options.jwtSecret);
  const hub = new RealtimeHub({
    db: options.db,
    secret,
    limits: options.limits,
    log: options.log,
  });
  await hub.start();
  const sockets = new WebSocketServer({
    noServer: true,
    // A frame past the payload limit closes the socket (1009) before it is read whole.
    maxPayload: options.limits.payloadBytes + 64 * 1024,
    perMessageDeflate: false,
  });

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== socketPath && url.pathname !== `${socketPath}/`) {
      refuse(socket, 404, "Not Found");
      return;
    }
    const headerKey = request.headers["x-api-key"];
    const apiKey =
      url.searchParams.get("apikey") ?? (typeof headerKey === "string" ? headerKey : null);
    if (!apiKey) {
      refuse(socket, 401, "API key is missing");
      return;
    }
    const vsn = url.searchParams.get("vsn") ?? "1.0.0";
    if (!(protocolVersions as readonly string[]).includes(vsn)) {
      refuse(socket, 400, `Unsupported serializer version: ${vsn}`);
      return;
    }
    const address = clientAddress(request, options.trustProxyHeader);
    void verifyRealtimeToken(apiKey, secret).then(
      (claims) => {
        if (!apiKeyRoles.includes(claims.role as ApiKeyRole)) {
          refuse(socket, 401, "The token provided is not a valid JWT");
          return;
        }
        const share = hub.admit(address);
        if (!share) {
          hub.refusals.warn("a client passed its realtime connection limit", address);
          refuse(socket, 429, "Too many connected users");
          return;
        }
        // The place is given back however the upgrade ends: refused by the WebSocket server (a
        // request without a valid key), or the client gone before it completed.
        let settled = false;
        const abandon = () => {
          if (settled) return;
          settled = true;
          hub.release(share);
        };
        socket.once("close", abandon);
        if (socket.destroyed) {
          abandon();
          return;
        }
        sockets.handleUpgrade(request, socket, head, (ws) => {
          socket.off("close", abandon);
          if (settled) {
            ws.terminate();
            return;
          }
          settled = true;
          hub.open(ws, vsn as ProtocolVersion, share, apiKey);
        });
      },
      (error: unknown) => {
        const message =
          error instanceof RealtimeTokenError
            ? error.code === "InvalidJWTToken" && error.message.startsWith("Token has expired")
              ? "Token has expired"
              : error.message
            : "The token provided is not a valid JWT";
        refuse(socket, 401, message);
      },
    );
  }

  const routes = new Hono<AppEnv>();
  const perAddress = new Map<string, PerWindow>();
  const sweep = setInterval(() => perAddress.clear(), 60_000).unref();
  // Broadcasts over HTTP, as hosted: {messages: [{topic, event, payload, private}]}, 202 when
  // accepted; a private topic needs the caller's policies to allow writing to it.
  async function callerClaims(c: Context<AppEnv>): Promise<ApiClaims | undefined> {
    const authorization = c.req.header("authorization");
    const token = authorization?.startsWith("Bearer ")
      ? authorization.slice("Bearer ".length)
      : (c.req.header("apikey") ?? "");
    const claims = await verifyPostgrestJwt(token, secret).catch(() => undefined);
    return claims && isApiRole(claims.role) ? (claims as ApiClaims) : undefined;
  }

  async function broadcast(c: Context<AppEnv>, claims: ApiClaims, messages: unknown[]) {
    if (messages.length === 0) return c.json({ message: "messages must be a non-empty list" }, 422);
    if (messages.length > options.limits.eventsPerSecond) {
      return c.json(
        { message: "Too many messages to broadcast, please reduce the batch size" },
        429,
      );
    }
    const address = rateLimitSubject(c.get("clientIp"));
    let limiter = perAddress.get(address);
    if (!limiter) {
      limiter = new PerWindow(options.limits.eventsPerSecond, 1000);
      perAddress.set(address, limiter);
    }
    const accepted: { topic: string; event: string; payload: unknown; bytes?: Buffer }[] = [];
    for (const entry of messages) {
      const message = entry as Record<string, unknown> | null;
      const bytes = Buffer.isBuffer(message?.bytes) ? message.bytes : undefined;
      if (
        typeof message?.topic !== "string" ||
        message.topic === "" ||
        typeof message.event !== "string" ||
        (bytes === undefined && (typeof message.payload !== "object" || message.payload === null))
      ) {
        return c.json(
          { message: "each message needs a topic, an event and a payload object" },
          422,
        );
      }
      const tooLarge = bytes
        ? bytes.length > options.limits.payloadBytes
        : !hub.payloadAllowed(message.payload);
      if (tooLarge) return c.json({ message: "Payload too large" }, 413);
      if (!limiter.take()) return c.json({ message: "You have exceeded your rate limit" }, 429);
      const isPrivate = message.private === true;
      if (isPrivate && !(await hub.mayBroadcast(message.topic, claims))) {
        return c.json({ message: "Unauthorized" }, 401);
      }
      accepted.push({
        topic: `${isPrivate ? "private" : "public"}:${message.topic}`,
        event: message.event,
        payload: message.payload,
        ...(bytes ? { bytes } : {}),
      });
    }
    for (const message of accepted) {
      if (message.bytes) {
        hub.broadcastBytesFromServer(message.topic, message.event, message.bytes, claims.role);
      } else {
        hub.broadcastFromServer(message.topic, message.event, message.payload, claims.role);
      }
    }
    return c.body(null, 202);
  }

  // A body is counted as it streams and refused past the largest frame a socket may send,
  // before the rest is read.
  const limited = bodyLimit({
    maxSize: options.limits.payloadBytes + 64 * 1024,
    onError: (c) => c.json({ message: "Payload too large" }, 413),
  });
  routes.use("/api/broadcast", limited);
  routes.use("/api/broadcast/*", limited);
  // Broadcasts over HTTP, as hosted: {messages: [{topic, event, payload, private}]}, 202 when
  // accepted; a private topic needs the caller's policies to allow writing to it.
  routes.post("/api/broadcast", async (c) => {
    const claims = await callerClaims(c);
    if (!claims) return c.json({ message: "Unauthorized" }, 401);
    const body: unknown = await c.req.json().catch(() => undefined);
    const messages = (body as { messages?: unknown } | undefined)?.messages;
    if (!Array.isArray(messages)) {
      return c.json({ message: "messages must be a non-empty list" }, 422);
    }
    return broadcast(c, claims, messages);
  });
  // realtime-js's httpSend: one message, its topic and event in the path, its payload the body:
  // JSON, or bytes (application/octet-stream) delivered as sent, as Supabase Realtime's
  // BroadcastSingleController takes them.
  routes.post("/api/broadcast/:topic/events/:event", async (c) => {
    const body = bodyKind(c.req.header("content-type"));
    if (!body) {
      return c.json(
        { error: "Unsupported Media Type. Use application/json or application/octet-stream" },
        415,
      );
    }
    const claims = await callerClaims(c);
    if (!claims) return c.json({ message: "Unauthorized" }, 401);
    const message = {
      topic: c.req.param("topic"),
      event: c.req.param("event"),
      private: c.req.query("private") === "true",
    };
    if (body === "bytes") {
      return broadcast(c, claims, [{ ...message, bytes: Buffer.from(await c.req.arrayBuffer()) }]);
    }
    const payload: unknown = await c.req.json().catch(() => undefined);
    return broadcast(c, claims, [{ ...message, payload }]);
  });

  return {
    hub,
    handleUpgrade,
    routes,
    async close() {
      clearInterval(sweep);
      await hub.stop();
      sockets.close();
    },
  };
}
