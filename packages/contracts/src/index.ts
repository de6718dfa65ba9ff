export * from './auth';
export * from './common';
export * from './notifications';
export * from './species';
export * from './users';
