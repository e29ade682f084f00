import type { ConsoleRoute } from '../../app/console-route';

export const supportRoutes: ConsoleRoute[] = [];
