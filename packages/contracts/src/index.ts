export * from './auth';
export * from './common';
export * from './notifications';
export * from './users';
