export * from './admin';
export * from './auth';
export * from './date-range';
export * from './envelope';
export * from './errors';
export * from './member';
export * from './paths';
export * from './site';
