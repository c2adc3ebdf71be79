/**
 * The link tokens of mails (verify, reset, e-mail change) as other modules use them
 * (docs/decisions/0292). A service of its own, apart from the access guards: the users module
 * uses these tokens and the guards use the users module, so one file for both would be a cycle.
 */
export {
  consumeLinkToken,
  consumeLinkTokenWithPayload,
  findLinkTokenUser,
  findPendingEmail,
  issueLinkToken,
  LINK_TOKEN_TTL_MS,
  retireLinkTokens,
  type ConsumedLinkToken,
  type LinkTokenKind,
  type LinkTokenPayload,
} from './link-tokens.repository.js';
