import { createServer, connect, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** The database goes away: open connections are cut and new ones refused. */
  cut(): Promise<void>;
  /** It comes back on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target`, to take a database away and bring it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        const address = next.address();
        if (address && typeof address === "object") port = address.port;
        server = next;
        resolve();
      });
    });

  const cut = async () => {
    const closing = server;
    server = undefined;
    const closed = new Promise<void>((resolve) =>
      closing ? closing.close(() => resolve()) : resolve(),
    );
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  // Closing may leave the socket's port in TIME_WAIT for a moment: try again briefly.
  const restore = async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await listen();
        return;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  await listen();
  return { port, cut, restore, close: cut };
}
