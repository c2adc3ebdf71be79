import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './config.js';
import type { AppContext, AppDeps, CourseChanges } from './deps.js';
import { createEventBus, type DomainEvents, type EventBus } from './events/event-bus.js';
import { docsRouter } from './http/docs.js';
import { openApiDocument } from './http/openapi.js';
import { cors } from './middleware/cors.js';
import type { EdgeHandler } from './middleware/edge.js';
import { errorHandler, notFoundHandler } from './middleware/error-handler.js';
import { refuseNulCharacters, rejectNulInUrl } from './middleware/reject-nul.js';
import { requestLogging } from './middleware/request-log.js';
import { createCatalogueCache, type CatalogueCache } from './modules/catalogue/catalogue-cache.js';
import { catalogueFastPath } from './modules/catalogue/catalogue-fast-path.js';
import { coursesRouter } from './modules/catalogue/catalogue.routes.js';
import { adminRouter } from './modules/admin/admin.routes.js';
import { mailIssuedCertificate } from './modules/enrolment/certificates/certificate-mail.js';
import { certificatesRouter } from './modules/enrolment/certificates/certificates.routes.js';
import { couponsRouter } from './modules/coupons/coupons.routes.js';
import { healthRouter } from './modules/health/health.routes.js';
import { imagesRouter } from './modules/images/images.routes.js';
import { textMessagesRouter } from './modules/messages/text-messages.routes.js';
import { newsletterRouter } from './modules/newsletter/newsletter.routes.js';
import { learnerNoticesNow } from './modules/enrolment/orders/learner-notices.service.js';
import { mailLearnerMoved } from './modules/enrolment/moves/move-mail.js';
import {
  mailOrderCancelled,
  mailOrderPaid,
  mailOrderPlaced,
  mailOrdersExpired,
  mailPayerRequest,
  mailProofRejected,
  mailRefundDue,
  mailRefundMade,
} from './modules/enrolment/orders/order-mail-subscribers.js';
import { ordersRouter } from './modules/enrolment/orders/orders.routes.js';
import { invoicesRouter, orderEInvoiceRouter } from './modules/invoices/teif.routes.js';
import { paymentProviderFor } from './modules/payments/payment-provider-for.js';
import { paymentsRouter } from './modules/payments/payments.routes.js';
import { createPayments, type Payments } from './modules/payments/payments.service.js';
import { staffNoticeNudge } from './modules/staff/staff-notices.service.js';
import { createDemoGateway, DEMO_GATEWAY_PATH } from './modules/payments/demo-gateway.js';
import { reviewsRouter } from './modules/courses/reviews.routes.js';
import { rosterRouter } from './modules/enrolment/roster/roster.routes.js';
import { sessionCancelRouter } from './modules/enrolment/session-cancel/session-cancel.routes.js';
import { sessionMoveRouter } from './modules/enrolment/moves/move.routes.js';
import { courseSessionsRouter, sessionsRouter } from './modules/enrolment/sessions/sessions.routes.js';
import {
  mailCancelledSessionWaitlist,
  mailLapsedOffers,
  waitlistOffersChanged,
} from './modules/enrolment/sessions/waitlist-offer-mails.js';
import { sessionWaitlistRouter, waitlistRouter } from './modules/enrolment/sessions/waitlist.routes.js';
import { shopRouter } from './modules/shop/shop.routes.js';
import { usersRouter } from './modules/identity/users.routes.js';
import { accessGuards } from './modules/identity/auth.service.js';
import { compressAnswers, webClientRouter } from './modules/web-client/web-client.routes.js';

export const JSON_BODY_LIMIT = '100kb';
const PUBLIC_IMAGES = path.join(import.meta.dirname, '../public/images');

/** The whole API as a Node request listener (server.ts listens with it; tests use supertest). */
export type App = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** The Express app behind the fast path (its router lists the mounted routes). */
  readonly express: Express;
  /** This instance's catalogue (a committed `courseChanged` tells it; tests read it). */
  readonly courses: CourseChanges;
  /** The event bus, for changes made outside a request (the sweepers of server.ts). */
  readonly events: DomainEvents;
  /** Online payments (the payment sweeper runs them outside a request). */
  readonly payments: Payments;
};

/**
 * Builds the app without listening: cached catalogue answers go out through the fast path,
 * everything else through Express. Both run the same edge handlers first.
 */
export function createApp(deps: AppDeps): App {
  const catalogue = createCatalogueCache(deps.database.db, {
    maxAgeMs: deps.catalogueMaxAgeMs ?? 500,
    buildSlots: deps.config.limits.catalogueBuilds,
    buildWaitMs: deps.config.limits.dbConnectMs,
    now: () => deps.clock.now().getTime(),
  });
  const edge: Edge = {
    logRequests: requestLogging(deps.logger),
    addSecurityHeaders: securityHeaders(deps.config),
    allowWebClient: cors(deps.config),
  };
  const bus = createEventBus(deps.logger);
  const context: AppContext = { ...deps, events: bus, guards: accessGuards(deps) };
  subscribeReactions(bus, context, catalogue);
  const { provider, onlineProvider } = paymentProviderFor(deps.config, deps.logger, deps.clock, deps.paymentProvider);
  const payments = createPayments(context, provider, onlineProvider);
  const app = createExpressApp(context, edge, catalogue, payments);
  // In the order Express runs them (every fast-path URL is under /api).
  const fastPath = catalogueFastPath(
    catalogue,
    [edge.logRequests, edge.addSecurityHeaders, edge.allowWebClient],
    deps.logger,
  );
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!fastPath(req, res)) app(req, res);
  };
  return Object.assign(listener, { express: app, courses: catalogue, events: bus, payments });
}

/**
 * What reacts to a committed change (issue 50; docs/architecture.md "Events and their
 * subscribers"), registered once here so no writer imports a mail, the catalogue or the
 * waitlist's mails. Per event, in this order: the catalogue first (cheap, and a client reading
 * right after the answer sees the change), then the kicks, then the mails.
 */
function subscribeReactions(bus: EventBus, ctx: AppContext, catalogue: CourseChanges): void {
  bus.subscribe('courseChanged', 'catalogue cache', () => catalogue.courseChanged());
  bus.subscribe('waitlistOffersChanged', 'waitlist offer mails', () => waitlistOffersChanged(ctx));
  bus.subscribe('waitlistOffersLapsed', 'lapsed offer mails', (e) => mailLapsedOffers(ctx, e));
  bus.subscribe('sessionCancelled', 'waitlist cancel mails', (e) => mailCancelledSessionWaitlist(ctx, e));
  bus.subscribe('orderPlaced', 'order placed mail', (e) => mailOrderPlaced(ctx, e));
  bus.subscribe('orderPaid', 'order paid mails', (e) => mailOrderPaid(ctx, e));
  bus.subscribe('orderPaid', 'learner notices', () => learnerNoticesNow(ctx));
  bus.subscribe('learnersAdded', 'learner notices', () => learnerNoticesNow(ctx));
  bus.subscribe('orderCancelled', 'order cancelled mails', (e) => mailOrderCancelled(ctx, e));
  bus.subscribe('ordersExpired', 'order expired mails', (e) => mailOrdersExpired(ctx, e));
  bus.subscribe('refundDue', 'refund due mail', (e) => mailRefundDue(ctx, e));
  bus.subscribe('refundMade', 'refunded mail', (e) => mailRefundMade(ctx, e));
  bus.subscribe('proofRejected', 'proof rejected mail', (e) => mailProofRejected(ctx, e));
  bus.subscribe('payerRequested', 'payer request mail', (e) => mailPayerRequest(ctx, e));
  bus.subscribe('learnerMoved', 'session moved mail', (e) => mailLearnerMoved(ctx, e));
  bus.subscribe('certificateIssued', 'certificate mail', (e) => mailIssuedCertificate(ctx, e));
}

/** API paths whose answers are pages (HTML for a browser tab), not data. */
const API_PAGES = ['/api/docs', DEMO_GATEWAY_PATH];
const isApiData = (url: string) =>
  /^\/api(\/|\?|$)/.test(url) && !API_PAGES.some((page) => url.startsWith(page));

/**
 * helmet's headers; the CSP lets course pages show images from anywhere and YouTube videos.
 *
 * Pages (the shop, /api/docs, the test gateway) get helmet's whole set. API data answers
 * (JSON, CSV, PDF, pictures) keep what protects them (the same CSP, nosniff, HSTS,
 * Cross-Origin-Resource-Policy) and skip the headers only a document shown in a tab reads
 * (opener policy, origin-agent clustering, referrer policy, DNS prefetch, X-Frame-Options
 * (the CSP's frame-ancestors says the same), and the IE, Flash and XSS-auditor switches).
 * Eight fewer headers on every catalogue answer: profiled, header work was a third of a cached
 * catalogue answer's cost; a bare node:http server sending the same answer with and without
 * those eight headers differs by 16 % (issue 20).
 */
function securityHeaders(config: Config): EdgeHandler {
  const contentSecurityPolicy = {
    directives: {
      // blob: the admin's view of a proof of payment, fetched with the sign-in token (issue 36).
      'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
      // Only behind HTTPS: on a plain-http address (a LAN server) browsers would fetch the assets over https and fail.
      'upgrade-insecure-requests': config.appUrl.startsWith('https://') ? [] : null,
    },
  };
  const pages = helmet({ contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  const data = helmet({
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => (isApiData(req.url ?? '') ? data : pages)(req, res, next);
}

interface Edge {
  logRequests: EdgeHandler;
  addSecurityHeaders: EdgeHandler;
  /** CORS, under /api only. */
  allowWebClient: EdgeHandler;
}

function createExpressApp(
  deps: AppContext,
  { logRequests, addSecurityHeaders, allowWebClient }: Edge,
  catalogue: CatalogueCache,
  payments: Payments,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');

  app.use(logRequests);
  app.use(addSecurityHeaders);
  app.use(compressAnswers());
  app.use('/api', allowWebClient);
  app.use('/api', rejectNulInUrl);
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT, reviver: refuseNulCharacters }));
  // Course images ship with the API; their names never change, so browsers keep them for a year.
  app.use('/images', express.static(PUBLIC_IMAGES, { immutable: true, maxAge: '1y', fallthrough: false }));

  // Issue 54: a write that answered may be news for the staff (a receipt, a refund due, a full session).
  const nudgeStaff = staffNoticeNudge(deps);
  if (deps.config.staffEmail)
    app.use('/api', (req, res, next) => {
      if (req.method !== 'GET' || req.path.startsWith('/payments'))
        res.on('finish', () => {
          if (res.statusCode < 400) nudgeStaff();
        });
      next();
    });

  app.use('/api/health', healthRouter(deps));
  app.use('/api/newsletter', newsletterRouter(deps));
  app.use('/api/shop', shopRouter(deps));
  // Feature routers are mounted here, one line each.
  app.use('/api/users', usersRouter(deps));
  app.use(
    '/api/courses',
    coursesRouter(deps, catalogue, {
      reviews: reviewsRouter(deps),
      sessions: courseSessionsRouter(deps),
    }),
  );
  app.use('/api/orders', orderEInvoiceRouter(deps));
  app.use('/api/orders', ordersRouter(deps, payments));
  app.use('/api/sessions', sessionsRouter(deps));
  app.use('/api/sessions', sessionCancelRouter(deps));
  app.use('/api/sessions', rosterRouter(deps));
  app.use('/api/sessions', sessionWaitlistRouter(deps));
  app.use('/api/waitlist', waitlistRouter(deps));
  app.use('/api/sessions', sessionMoveRouter(deps));
  if (deps.config.payments.mode === 'test-gateway') {
    app.use(
      DEMO_GATEWAY_PATH,
      createDemoGateway({ appUrl: deps.config.appUrl, clock: deps.clock, logger: deps.logger })
        .router,
    );
  }
  app.use('/api/payments', paymentsRouter(deps, payments));
  app.use('/api/admin', adminRouter(deps));
  app.use('/api/images', imagesRouter(deps));
  app.use('/api/certificates', certificatesRouter(deps));
  app.use('/api/coupons', couponsRouter(deps));
  app.use('/api/messages', textMessagesRouter(deps));
  app.use('/api/invoices', invoicesRouter(deps));
  // The document is written from the routers above (and itself), once, when first asked for.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.use('/api', docsRouter(() => (document ??= openApiDocument(app))));

  app.use('/api', notFoundHandler);
  const webClient = webClientRouter(deps, catalogue);
  if (webClient) app.use(webClient);
  app.use(errorHandler);
  return app;
}
