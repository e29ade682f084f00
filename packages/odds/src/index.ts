export * from './bets';
export * from './display';
export * from './lines';
export * from './odds';
export * from './payout';
