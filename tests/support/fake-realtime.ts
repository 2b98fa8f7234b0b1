import { afterEach, beforeEach, vi } from "vitest";

type Message = [string | null, string | null, string, string, Record<string, unknown>];

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
}

/**
 * For component tests that run supabase-js's realtime client for real: the browser's WebSocket
 * is replaced by one whose far end answers as Supabase Realtime does (Phoenix's JSON messages,
 * version 2: `[join_ref, ref, topic, event, payload]`), joining every channel at once. The
 * returned handle sends postgres_changes to the channels listening, drops the connection, or
 * refuses every connection. Registers its own setup and clean-up around each test.
 */
export function stubRealtime() {
  let refusing = false;
  const sockets: FakeSocket[] = [];

  class FakeSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = FakeSocket.CONNECTING;
    binaryType = "blob";
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    /** The channels joined, by topic: their join reference and the changes they hear. */
    readonly joined = new Map<string, { joinRef: string | null; bindings: Binding[] }>();

    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => {
        if (refusing) {
          this.onerror?.({});
          this.end(1006);
          return;
        }
        this.readyState = FakeSocket.OPEN;
        this.onopen?.({});
      });
    }

    send(data: string) {
      const [joinRef, ref, topic, event, payload] = JSON.parse(data) as Message;
      if (event === "phx_join") {
        const asked =
          (payload.config as { postgres_changes?: Omit<Binding, "id">[] }).postgres_changes ?? [];
        const bindings = asked.map((binding, index) => ({ ...binding, id: 1000 + index }));
        this.joined.set(topic, { joinRef, bindings });
        this.push([
          joinRef,
          ref,
          topic,
          "phx_reply",
          { status: "ok", response: { postgres_changes: bindings } },
        ]);
        return;
      }
      if (event === "phx_leave") this.joined.delete(topic);
      this.push([joinRef, ref, topic, "phx_reply", { status: "ok", response: {} }]);
    }

    close(code = 1000) {
      this.end(code);
    }

    push(message: Message) {
      setTimeout(() => {
        if (this.readyState === FakeSocket.OPEN)
          this.onmessage?.({ data: JSON.stringify(message) });
      });
    }

    end(code: number) {
      if (this.readyState === FakeSocket.CLOSED) return;
      this.readyState = FakeSocket.CLOSED;
      setTimeout(() => this.onclose?.({ code, reason: "", wasClean: code === 1000 }));
    }
  }

  /** Sends a change to every open channel listening for it, as the server sends one row's. */
  function send(
    table: string,
    type: "INSERT" | "UPDATE" | "DELETE",
    record: Record<string, unknown>,
    oldRecord: Record<string, unknown> = {},
  ) {
    for (const socket of sockets) {
      if (socket.readyState !== FakeSocket.OPEN) continue;
      for (const [topic, { joinRef, bindings }] of socket.joined) {
        const ids = bindings
          .filter(
            (binding) =>
              binding.table === table && (binding.event === "*" || binding.event === type),
          )
          .map((binding) => binding.id);
        if (ids.length === 0) continue;
        socket.push([
          joinRef,
          null,
          topic,
          "postgres_changes",
          {
            ids,
            data: {
              schema: "public",
              table,
              commit_timestamp: new Date().toISOString(),
              type,
              columns: [],
              record: type === "DELETE" ? {} : record,
              old_record: type === "INSERT" ? {} : oldRecord,
              errors: null,
            },
          },
        ]);
      }
    }
  }

  // The sockets outlive a test: supabase-js's one client keeps its connection open from one
  // test to the next, as a page keeps it from one inbox to the next.
  beforeEach(() => {
    refusing = false;
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return {
    /** Whether some socket has joined a channel hearing `table`. */
    listening(table: string) {
      return sockets.some(
        (socket) =>
          socket.readyState === FakeSocket.OPEN &&
          [...socket.joined.values()].some(({ bindings }) =>
            bindings.some((binding) => binding.table === table),
          ),
      );
    },
    insert: (table: string, record: Record<string, unknown>) => send(table, "INSERT", record),
    update: (table: string, record: Record<string, unknown>) => send(table, "UPDATE", record),
    /** A deletion carries the primary key alone, as hosted Supabase sends it. */
    delete: (table: string, id: number) => send(table, "DELETE", {}, { id }),
    /** The network goes: every open connection ends, and none is accepted until `restore`. */
    drop() {
      refusing = true;
      for (const socket of sockets) {
        if (socket.readyState === FakeSocket.OPEN) {
          socket.onerror?.({});
          socket.end(1006);
        }
      }
    },
    restore() {
      refusing = false;
    },
    /** Every connection is refused, as where no realtime answers. */
    refuse() {
      refusing = true;
    },
  };
}
