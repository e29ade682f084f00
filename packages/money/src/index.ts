export * from './amount';
export * from './display';
