import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './ports.js';

export type ProxyMode = 'pass' | 'freeze' | 'refuse';

/**
 * A loopback TCP proxy between the API and a dependency (PostgreSQL, Redis) that fails the way
 * real ones do, for fault tests:
 * - `pass`: bytes flow both ways;
 * - `freeze`: connections are still accepted, but nothing is forwarded either way, on new and
 *   established connections alike (a hung server or a partition: the kernel keeps the bytes);
 * - `refuse`: nothing listens (connection refused) and established connections are reset
 *   (a server that is down).
 * Back to `pass`, frozen connections resume where they stopped.
 */
export class TcpProxy {
  private mode: ProxyMode = 'pass';
  private readonly pairs = new Set<{ client: Socket; upstream?: Socket }>();
  private server: Server | undefined;

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /**
   * Listens on 127.0.0.1 (a free port unless given: one outside the system's ephemeral range, so
   * no other socket takes it while `refuse` has closed it) and forwards to `target`.
   */
  static async start(target: { host: string; port: number }, port?: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, port ?? (await freePort()));
    await proxy.listen();
    return proxy;
  }

  /** The URL of `url` with its host and port replaced by this proxy's. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  get current(): ProxyMode {
    return this.mode;
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        const address = server.address();
        if (address && typeof address === 'object') (this as { port: number }).port = address.port;
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    const pair: { client: Socket; upstream?: Socket } = { client };
    this.pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    if (this.mode === 'freeze') client.pause();
    else this.connectUpstream(pair);
  }

  private connectUpstream(pair: { client: Socket; upstream?: Socket }): void {
    const upstream = connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    this.forward(pair.client, upstream);
    this.forward(upstream, pair.client);
    if (this.mode === 'freeze') {
      pair.client.pause();
      upstream.pause();
    }
  }

  /** Like pipe(), but a drained destination never resumes a frozen source. */
  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      if (to.write(chunk)) return;
      from.pause();
      to.once('drain', () => {
        if (this.mode === 'pass') from.resume();
      });
    });
    from.on('end', () => to.end());
  }

  /** Switches mode; resolves once the change holds (the port listens again after `refuse`). */
  async set(mode: ProxyMode): Promise<void> {
    const was = this.mode;
    this.mode = mode;
    if (mode === 'refuse') {
      for (const pair of this.pairs) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      this.pairs.clear();
      await this.closeServer();
      return;
    }
    if (was === 'refuse') await this.listen();
    for (const pair of this.pairs) {
      if (mode === 'freeze') {
        pair.client.pause();
        pair.upstream?.pause();
      } else if (!pair.upstream) {
        this.connectUpstream(pair);
        pair.client.resume();
      } else {
        pair.client.resume();
        pair.upstream.resume();
      }
    }
  }

  private closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
    await this.closeServer();
  }
}
