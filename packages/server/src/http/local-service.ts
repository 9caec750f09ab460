import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** A small HTTP service on 127.0.0.1 and a free port: its address and a close that drops open connections. */
export interface LocalService {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts `handler` on 127.0.0.1 and a port the system picks. The demo's stand-ins for outside services
 * (police plate service, telephony) and the tests' fakes run this way; close() also ends requests a
 * fake holds on purpose (a timeout case), so a test never waits for them.
 */
export async function startLocalService(handler: RequestListener): Promise<LocalService> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
