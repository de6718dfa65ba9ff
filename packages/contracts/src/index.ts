export * from './auth';
export * from './common';
export * from './notifications';
export * from './records';
export * from './species';
export * from './users';
