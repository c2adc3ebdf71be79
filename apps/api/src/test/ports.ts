/** Test helper: ports for servers a test starts on 127.0.0.1. */
import { createServer, type AddressInfo } from 'node:net';

/** A free TCP port on 127.0.0.1 (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
