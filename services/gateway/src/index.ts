// @keel/gateway: one origin in front of the web app, the notifier, the scheduler and the ownership cache.

export { type GatewayConfig, readConfig } from './config.ts';
export { createGateway, type Environment } from './gateway.ts';
export { matchRoute, type Route, routeTable } from './route-table.ts';
