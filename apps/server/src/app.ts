// Builds the Fastify instance: plugins → session gate → modules → web app. Does not listen.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import { details } from '@marquee/contracts/texts';
import { docsEndpoint, resources } from '@marquee/contracts/resources';
import { createAccess } from './access/access.ts';
import { sessionCacheOf } from './access/session-cache.ts';
import type { Config } from './config.ts';
import { poolStatsOf, type Database } from './db/database.ts';
import { registerCountNotifications } from './db/count-notifications.ts';
import { errorHandler, notFound, unauthorized } from './http/errors.ts';
import { registerCompression } from './http/compression.ts';
import { registerInputGuard } from './http/input-guard.ts';
import {
  CSP_NONCE_PLACEHOLDER,
  docsContentSecurityPolicy,
  frameworkErrorResponder,
  registerSecurityHeaders,
  styleNonceOf,
} from './http/security-headers.ts';
import { registerSession } from './http/session.ts';
import { openApiTags, registerOperationNaming } from './http/openapi.ts';
import { createMetrics, registerMetrics } from './http/metrics.ts';
import { registerHealthRoutes } from './http/health.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerJobs } from './http/jobs.ts';
import { invalidateCounts } from './http/count-cache.ts';
import { checkPacing } from './modules/alerts/alerts.pacing.ts';
import { registerAlertRoutes } from './modules/alerts/alerts.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { sweepScreenHealth } from './modules/alerts/alerts.sweep.ts';
import { runMaintenance } from './modules/device-gateway/device-gateway.maintenance.ts';
import { registerImageRoutes, registerMediaRoutes } from './media/images.routes.ts';
import { createImagesService, createMediaService } from './media/images.service.ts';
import { createStorage, type MediaStorage } from './media/storage.ts';
import { registerDeviceGateway } from './modules/device-gateway/device-gateway.routes.ts';
import { registerAdvertiserModules } from './modules/advertisers/advertisers.module.ts';
import { registerAppConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { registerLocationModules } from './modules/locations/locations.module.ts';
import { createCampaignApprovalService } from './modules/campaigns/campaigns.approval.service.ts';
import { createCampaignGoalService } from './modules/campaigns/campaigns.goal.service.ts';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { createCampaignsService } from './modules/campaigns/campaigns.service.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerPasswordRoutes } from './modules/auth/passwords.routes.ts';
import { createPasswordsService } from './modules/auth/passwords.service.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { createAccountsService } from './modules/users/users.accounts.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { userImages } from './modules/users/users.images.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLogEntriesService, registerLogEntryRoutes } from './modules/log-entries/log-entries.routes.ts';
import { createPermissionsService, registerPermissionRoutes } from './modules/permissions/permissions.routes.ts';
import { registerRoleRoutes } from './modules/roles/roles.routes.ts';
import { registerDeliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { registerInventorySearchRoutes } from './modules/inventory-search/inventory-search.routes.ts';
import { createInventorySearchService } from './modules/inventory-search/inventory-search.service.ts';
import { registerOperations } from './modules/operations/operations.routes.ts';
import { createDeliveryService } from './modules/delivery/delivery.service.ts';
import { createPacingSnapshot } from './modules/delivery/pacing-snapshot.ts';
import { createProofOfPlayService } from './modules/delivery/proof-of-play.ts';
import { registerReportSubscriptionModule } from './modules/report-subscriptions/report-subscriptions.routes.ts';
import { registerStatisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { createRolesService } from './modules/roles/roles.service.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Replaces the configured mail transport (SMTP or outbox). */
  mailer?: Mailer;
  /** Replaces the configured media storage (local disk under config.media.dir). */
  storage?: MediaStorage;
};

export async function buildApp({
  config,
  db,
  logger = true,
  mailer: givenMailer,
  storage: givenStorage,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Only proxies the operator named may tell the client's address (sign-in throttling and the sessions'
    // addresses use it); by default X-Forwarded-For is ignored.
    // A hop count is Fastify's own rule (trust the nearest N), written as the function its types take.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorResponder(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // List counts are cached per process; every process drops them when any of them writes.
  registerCountNotifications(app, db);
  await registerSecurityHeaders(app, config);
  // Before any route: it hooks every route as it is added.
  await registerCompression(app);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Uploads: one file, no bigger than an image may be (the size check happens while reading).
  await app.register(fastifyMultipart, { limits: { fileSize: config.media.maxBytes, files: 1 } });
  // Before every route: names the operations of the OpenAPI document (operationId, summary).
  registerOperationNaming(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: config.version,
        description: `The ${PRODUCT_NAME} back office API (session cookie and CSRF token) and the device gateway (device token).`,
        contact: { name: `${PRODUCT_NAME} operators`, url: config.publicUrl },
      },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: '/' }],
      tags: openApiTags,
    },
    transform: jsonSchemaTransform,
  });
  // The API documentation is public: it describes the API, it holds no data.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: docsEndpoint, transformStaticCSP: docsContentSecurityPolicy });
  });

  // Operations: probes and metrics, outside /api/ (explicit routes win over the web app's `/*`).
  const sessions = sessionCacheOf(db);
  const metrics = createMetrics({ pool: () => poolStatsOf(db), sessions: sessions && (() => sessions.stats) });
  registerMetrics(app, { metrics, token: config.metricsToken });
  registerHealthRoutes(app, { db });

  const access = createAccess(db);
  const jobs = registerJobs(app, db);
  jobs.addExclusive('maintenance', () => runMaintenance(db, config));
  registerSession(app, { access, config });
  registerInputGuard(app);

  const mailer = givenMailer ?? createMailer(config.mail, app.log);
  registerAuthRoutes(app, { service: createAuthService({ db, access, config }), config });
  registerPasswordRoutes(app, createPasswordsService({ db, config, mailer, log: app.log }));
  const usersDeps = { db, access, config, mailer, log: app.log };
  const users = createUsersService(usersDeps);
  registerUserRoutes(app, { users, accounts: createAccountsService(usersDeps, users) });
  const storage = givenStorage ?? createStorage(config);
  const imageDeps = { db, access, storage, limits: config.media };
  registerImageRoutes(app, {
    endpoint: resources.users.endpoint,
    service: createImagesService(imageDeps, userImages),
    tag: 'users',
  });
  registerMediaRoutes(app, createMediaService({ db, access, storage }));
  registerAppConfigRoutes(app, config);
  const catalogueDeps = { db, access, config, storage, imageDeps, log: app.log };
  const campaigns = createCampaignsService({ db, access, config });
  registerLocationModules(app, catalogueDeps, campaigns);
  registerInventorySearchRoutes(app, createInventorySearchService({ db, access, config }));
  registerAdvertiserModules(app, catalogueDeps);
  const delivery = createDeliveryService({ db, access, config, campaigns });
  const goals = createCampaignGoalService({ campaigns, delivery });
  registerCampaignRoutes(app, {
    campaigns,
    approval: createCampaignApprovalService({ access, campaigns, config, db, checkGoal: goals.checkGoal }),
    goals,
    delivery,
  });
  registerAlertRoutes(app, createAlertsService(db, access, config));
  const alertDeps = { db, config, mailer, log: app.log };
  const pacing = createPacingSnapshot({ db, config, delivery });
  jobs.addExclusive('screen-health', async () => {
    await sweepScreenHealth(alertDeps);
    invalidateCounts(resources.alerts.model_name);
  });
  jobs.add('pacing', async () => {
    await checkPacing({ ...alertDeps, pacing });
    invalidateCounts(resources.alerts.model_name);
  });
  registerDeliveryRoutes(app, { delivery, proof: createProofOfPlayService({ db, access, config, campaigns }) });
  registerOperations(app, { db, access, config, pacing });
  registerMessageRoutes(app, createMessagesService(db, access));
  registerRoleRoutes(app, createRolesService(db, access));
  registerPermissionRoutes(app, createPermissionsService(db, access));
  registerLogEntryRoutes(app, createLogEntriesService(db, access, config.timeZone));
  registerDeviceGateway(app, { db, config, storage, metrics });
  const statistics = createStatisticsService({
    db,
    access,
    timeZone: config.timeZone,
    retention: config,
    campaigns,
    pacing: delivery.withPacing,
  });
  registerStatisticsRoutes(app, statistics);
  registerReportSubscriptionModule(app, { db, access, config, mailer, campaigns, delivery, statistics, log: app.log });

  registerWebApp(app, { web: config.webDist, player: config.playerDist });
  // Methods no route has (e.g. POST to an unknown path) get the same {detail} body as other 404s.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: details.notFound }));
  return app;
}

/** Serves the built apps: the Marquee Player under /player/, the web app everywhere else but the API;
 * files by name, each app's index.html for its other paths. */
function registerWebApp(app: FastifyInstance, { web, player }: { web: string; player: string }) {
  const built = (dist: string) => fs.existsSync(path.join(dist, 'index.html'));
  const hasWeb = built(web);
  const hasPlayer = built(player);
  // preCompressed: sendFile sends the build's .br or .gz of a file when the browser accepts it. Each
  // app's files are sent from its own folder (sendFile's root).
  if (hasWeb || hasPlayer)
    app.register(fastifyStatic, { root: hasWeb ? web : player, serve: false, preCompressed: true });

  /** The file `urlPath` names in `dist`, sent; false when it names none (the app's page then). */
  const sendBuilt = (reply: FastifyReply, dist: string, file: string) => {
    const full = path.join(dist, file);
    if (file === '' || file === 'index.html' || !full.startsWith(dist)) return false;
    if (!fs.statSync(full, { throwIfNoEntry: false })?.isFile()) return false;
    const immutable = file.startsWith('assets/');
    return reply.sendFile(file, dist, { maxAge: immutable ? 31536000000 : 0, immutable });
  };
  /** An app's page, carrying this response's style nonce: built per request and never reused. */
  const sendPage = async (reply: FastifyReply, dist: string) => {
    const page = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceOf(reply)));
  };
  const notBuilt = (reply: FastifyReply, what: string) =>
    reply.code(503).type('text/plain').send(`${what} is not built. Run \`npm run build\`.`);

  app.get('/player', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/player/'),
  );
  app.get('/player/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!hasPlayer) return notBuilt(reply, 'The Marquee Player');
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const file = path.normalize(urlPath.slice('/player/'.length)).replace(/^\/+/, '');
    return sendBuilt(reply, player, file) || sendPage(reply, player);
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    // This route is public, so the session gate has not run: without a session an API path is 401.
    if (urlPath.startsWith('/api/') || urlPath === '/api')
      throw request.auth ? notFound(details.notFound) : unauthorized();
    if (!hasWeb) return notBuilt(reply, 'The web app');
    const file = path.normalize(urlPath).replace(/^\/+/, '');
    return sendBuilt(reply, web, file) || sendPage(reply, web);
  });
}
