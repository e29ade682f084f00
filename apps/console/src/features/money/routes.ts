import type { ConsoleRoute } from '../../app/console-route';

export const moneyRoutes: ConsoleRoute[] = [];
