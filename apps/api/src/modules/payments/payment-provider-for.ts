import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { createFlouciProvider } from './flouci.js';
import { createKonnectProvider } from './konnect.js';
import type { PaymentProvider } from './provider.js';
import type { OnlineProvider } from './payments.service.js';
import { DEMO_GATEWAY_PATH } from './demo-gateway.js';

/**
 * The provider the settings name: Konnect or Flouci with the shop's credentials; the built-in test
 * gateway (spoken to with the same Konnect adapter, over HTTP on this instance's own port);
 * or none in production without credentials. `override` (tests) wins.
 */
export function paymentProviderFor(
  config: Config,
  logger: Logger,
  clock: Clock,
  override?: PaymentProvider,
): { provider: PaymentProvider | undefined; onlineProvider: OnlineProvider } {
  const settings = config.payments;
  if (override)
    return {
      provider: override,
      onlineProvider: settings.mode === 'test-gateway' ? 'test' : settings.mode === 'flouci' ? 'flouci' : 'konnect',
    };
  switch (settings.mode) {
    case 'konnect':
      return {
        provider: createKonnectProvider({
          apiUrl: settings.apiUrl,
          apiKey: settings.apiKey,
          walletId: settings.walletId,
          timeoutMs: config.limits.paymentMs,
          logger,
          clock,
        }),
        onlineProvider: 'konnect',
      };
    case 'flouci':
      return {
        provider: createFlouciProvider({
          apiUrl: settings.apiUrl,
          appToken: settings.appToken,
          appSecret: settings.appSecret,
          timeoutMs: config.limits.paymentMs,
          logger,
          clock,
        }),
        onlineProvider: 'flouci',
      };
    case 'test-gateway':
      return {
        provider: createKonnectProvider({
          name: 'test',
          apiUrl: `http://127.0.0.1:${config.port}${DEMO_GATEWAY_PATH}`,
          apiKey: 'test-gateway',
          walletId: 'test-gateway',
          timeoutMs: config.limits.paymentMs,
          logger,
          clock,
        }),
        onlineProvider: 'test',
      };
    case 'off':
      return { provider: undefined, onlineProvider: null };
  }
}
