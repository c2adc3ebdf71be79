import { toCents } from '@shop/shared';

/**
 * What the shop needs from an online payment provider: start a payment for an order (the
 * customer pays on the provider's page), and ask the provider's own API how a payment stands.
 * The shop never trusts a browser or a webhook's query for the outcome: only getPayment.
 */
export interface PaymentProvider {
  /** Stored with each attempt and in the order's paymentResult, e.g. `konnect`. */
  readonly name: string;
  /** Where the provider calls the shop back, under /api/payments (default `/konnect/webhook`). */
  readonly webhookPath?: string;
  /** The settings to check when the provider refuses the shop's credentials. */
  readonly credentialSettings?: string;
  initPayment(request: InitPaymentRequest): Promise<StartedPayment>;
  /** The payment as the provider's API tells it; undefined when it knows no such reference. */
  getPayment(reference: string, options?: CallOptions): Promise<ProviderPayment | undefined>;
}

export interface CallOptions {
  /** How many tries (default: the provider's; reading an order tries once). */
  tries?: number;
  /** Time limit of each try in ms (default: PAYMENT_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface InitPaymentRequest {
  orderId: string;
  /** The order's total in millimes (1 TND = 1000 millimes), an integer. */
  amountMillimes: number;
  description: string;
  lifespanMinutes: number;
  webhookUrl: string;
  successUrl: string;
  failUrl: string;
  customer: { firstName: string; lastName: string; email: string };
}

export interface StartedPayment {
  payUrl: string;
  reference: string;
}

export interface ProviderPayment {
  /** `completed` once paid (Konnect); anything else is not paid (yet). */
  status: string;
  amountMillimes: number;
  /** What was paid so far. */
  reachedMillimes: number;
  /** The order id the payment was started for, as the provider has it. */
  orderId: string | null;
}

/** The provider did not answer in time, could not be reached, or answered something unusable. */
export class PaymentProviderUnavailable extends Error {
  constructor(
    message: string,
    options?: { cause?: unknown },
    /** The provider's HTTP status when it answered with a refusal (401: a wrong API key). */
    readonly status?: number,
  ) {
    super(message, options);
    this.name = 'PaymentProviderUnavailable';
  }

  /** The shop's own settings are wrong (the key or wallet refused): someone must fix them. */
  get misconfigured(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** TND with at most two decimals → millimes, exactly (through integer cents, no float drift). */
export const toMillimes = (amount: number): number => toCents(amount) * 10;

/** Millimes → TND as the order's money fields have it. */
export const fromMillimes = (millimes: number): number => Math.round(millimes / 10) / 100;
